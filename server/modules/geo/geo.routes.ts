import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GeoReverseQuerySchema,
  GeoReverseReplySchema,
  GeoSearchQuerySchema,
  GeoSearchReplySchema,
} from '#contract/geo';
import { errorReplies } from '#server/lib/error-replies';

/**
 * The maps service of spec 7.6 in Nominatim's shapes (bare JSON, not our envelope), so the
 * client's maps base URL can point here or at any Nominatim. Bad parameters still get our
 * Vietnamese error envelope.
 */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/geo/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['geo'],
        summary: 'Tìm địa chỉ (định dạng Nominatim)',
        querystring: GeoSearchQuerySchema,
        response: { 200: GeoSearchReplySchema, ...errorReplies('GEOCODER_UNAVAILABLE') },
      },
    },
    async (request) => app.geocoder.search(request.query.q, request.query.limit),
  );

  app.get(
    '/api/geo/reverse',
    {
      config: { access: 'public' },
      schema: {
        tags: ['geo'],
        summary: 'Tên địa điểm tại một toạ độ (định dạng Nominatim)',
        querystring: GeoReverseQuerySchema,
        response: { 200: GeoReverseReplySchema, ...errorReplies('GEOCODER_UNAVAILABLE') },
      },
    },
    async (request) =>
      (await app.geocoder.reverse(request.query.lat, request.query.lon)) ?? {
        error: 'Unable to geocode',
      },
  );
};
