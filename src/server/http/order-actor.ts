import type { EventActor } from '../services/orders/events';
import { sessionOwner, type RequestAuth } from './guard';

/** Who acted, for the order timeline: the person signed in (an admin behind a switch shows as an admin). */
export const eventActor = (auth: RequestAuth): EventActor => {
  const owner = sessionOwner(auth);
  return { userId: owner.id, byAdmin: owner.role === 'admin' };
};
