/** GET /api/base/options (operation `getOptions`): the site options, with an ETag so a reload costs a 304. */
import { defineRoutes } from '../app/deps';
import { loadOptions } from './load';

export default defineRoutes((_app, { config }) => ({
  getOptions: {
    handler: async (request, reply) => {
      const loaded = loadOptions(config.optionsPath, config.siteName);
      reply.header('ETag', loaded.etag).header('Cache-Control', 'no-cache');
      if (request.headers['if-none-match'] === loaded.etag) return reply.code(304).send();
      return loaded.options;
    },
  },
}));
