import type { Viewer } from '../auth/viewer';
import type { Services } from '../modules/services';
import { createLoaders, type Loaders } from './loaders';

/** What every resolver sees: the verified caller (or null), the services, and this request's loaders. */
export interface GraphQLContext {
  viewer: Viewer | null;
  services: Services;
  loaders: Loaders;
}

export function createContext(services: Services, viewer: Viewer | null): GraphQLContext {
  return { viewer, services, loaders: createLoaders(services, viewer) };
}
