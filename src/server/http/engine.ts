import type { AppContext } from '../context';
import { HttpError } from './errors';
import type { Handlers } from './operations';

const notYet = async (): Promise<never> => {
  throw new HttpError(503, 'The engine is being built');
};

export function engineHandlers(_ctx: AppContext): Handlers {
  return {
    vendorPing: notYet,
    vendorPingPost: notYet,
    vendorPost: notYet,
    vendorCallMatch: notYet,
    vendorCallPost: notYet,
    getPingMatches: notYet,
    getLeadSale: notYet,
  };
}
