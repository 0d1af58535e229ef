import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Storage } from '../../providers/storage/storage';
import type { catalogueService } from '../catalogue/catalogue.service';
import { libraryRoutes } from './library.routes';
import { libraryService } from './library.service';

/**
 * My Library (issue 14): what a family owns, its files, and where each
 * listener stopped. The media storage is the one the streams use; the
 * catalogue answers the free story of the week.
 */
export default fp<{ storage: Storage; catalogue: ReturnType<typeof catalogueService> }>(
  async (app: FastifyInstance, { storage, catalogue }) => {
    const library = libraryService(app.db, { storage, catalogue });
    await app.register(libraryRoutes, { library, storage });
  },
  { name: 'library', dependencies: ['db'] },
);
