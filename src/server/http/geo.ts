import { GEO_MSG } from '../../domain/geo/messages';
import { isRegionalZip, isZip5, parseZipList } from '../../domain/orders/territory';
import { TERRITORY } from '../../domain/geo/constants';
import { countiesOf, zipsExist, zipsInRadius, type ZipRecord } from '../services/geo';
import { statesKml } from '../services/geo/kml';
import { badRequest, HttpError } from './errors';
import type { Handlers } from './operations';

const toGeoZip = (r: ZipRecord) => ({ id: r.zip, latitude: r.lat, longitude: r.lng, StateAbbr: r.state });

export function geoHandlers(): Handlers {
  return {
    async getZips(req) {
      const { zips, radius } = req.query;
      if (radius !== undefined) {
        const regional = zips.trim();
        if (!isRegionalZip(regional)) throw badRequest(GEO_MSG.regionalZipInvalid, [{ field: 'zips', message: GEO_MSG.regionalZipInvalid }]);
        const found = zipsInRadius(regional, radius);
        if (!found) throw new HttpError(422, GEO_MSG.regionalZipInvalid, 'unknown_zip', [{ field: 'zips', message: GEO_MSG.regionalZipInvalid }]);
        return { zips: found.map(toGeoZip) };
      }
      const list = parseZipList(zips);
      if (list.invalid.length)
        throw badRequest(GEO_MSG.zipFormat, list.invalid.slice(0, 10).map((z) => ({ field: 'zips', message: `${z}: ${GEO_MSG.zipFormat}` })));
      if (list.zips.length > TERRITORY.lookupBatch)
        throw badRequest(`At most ${TERRITORY.lookupBatch} ZIP codes at a time`, [{ field: 'zips', message: `at most ${TERRITORY.lookupBatch}` }]);
      return { zips: zipsExist(list.zips.filter(isZip5)).found.map(toGeoZip) };
    },

    async getCounties(req) {
      return { counties: countiesOf(req.query.state) };
    },

    async getStatesKml(req, reply) {
      const { states, stroke = '1c7ed6', fill = '1c7ed640' } = req.query;
      const kml = statesKml(states ? states.split(',') : [], stroke, fill);
      reply.header('cache-control', 'private, max-age=3600');
      reply.type('application/vnd.google-earth.kml+xml; charset=utf-8');
      return kml;
    },
  };
}
