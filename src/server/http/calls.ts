import type { AppContext } from '../context';
import { placeTestCall } from '../services/delivery';
import { HttpError } from './errors';
import { authOf } from './guard';
import type { Handlers } from './operations';

/** Live calls: the test call of the delivery step (the live-call product comes later). */
export function callHandlers(ctx: AppContext): Handlers {
  return {
    async testLiveCall(req) {
      const auth = authOf(req);
      const r = await placeTestCall(ctx, { userId: auth.user.id, originalUserId: auth.original?.id ?? null }, req.body.phoneNumber);
      if (!r.ok) throw new HttpError(r.status, r.message, r.code, r.errors);
      return { message: r.message, callId: r.callId };
    },
  };
}
