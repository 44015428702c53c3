import { useQuery } from '@tanstack/react-query';
import { useApi, useSessionSelector } from '../../app/session';

/** The full record of the signed-in (or switched-into) user, fresh from the server. */
export function useMe() {
  const api = useApi();
  const switchedTo = useSessionSelector((s) => s.context.switchedTo);
  return useQuery({
    queryKey: ['me', switchedTo],
    queryFn: async () => {
      const { data } = await api.GET('/authentication/user');
      if (!data) throw new Error('Unable to load your profile');
      return data;
    },
  });
}
