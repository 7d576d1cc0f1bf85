import { pathParams } from '../../shared/rest/request-schemas';
import { RestAttachment, restRoute } from '../../shared/rest/rest-route';
import type { RestContext } from '../rest-context';
import { exportFileName } from './data-export.service';

const route = restRoute<RestContext>();

/** 'Download my data' in Settings: the caller's own data as a JSON file; another student's uid is a 403 (D1). */
export const dataExportRestRoutes = [
  route({
    method: 'get',
    path: '/api/users/:uid/data-export',
    access: 'user',
    rateLimit: 'dataExport',
    failure: 'Failed to export your data.',
    actsAs: { param: 'uid' },
    params: pathParams('uid'),
    async handle({ viewer, services }) {
      const data = await services.dataExport.forViewer(viewer);
      return new RestAttachment('application/json; charset=utf-8', exportFileName(), `${JSON.stringify(data, null, 2)}\n`);
    },
  }),
];
