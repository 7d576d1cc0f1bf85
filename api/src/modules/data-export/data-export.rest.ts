import { pathParams } from '../../shared/rest/request-schemas';
import { RestAttachment, restRoute } from '../../shared/rest/rest-route';
import type { RestContext } from '../rest-context';
import { exportFileName } from './data-export.service';

const route = restRoute<RestContext>();

/**
 * 'Download my data' in Settings. Every route is the caller's own: another student's uid is a 403
 * (D1). The JSON at once (GET .../data-export), or the archive (data.json and the student's media
 * as a ZIP) built by a queued job: POST asks for one, GET .../status tells its state, and the
 * owner alone downloads it, through this authenticated route, until it expires.
 */
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
  route({
    method: 'post',
    path: '/api/users/:uid/data-export',
    access: 'user',
    rateLimit: 'dataExport',
    status: 202,
    failure: 'Failed to prepare your archive.',
    actsAs: { param: 'uid' },
    params: pathParams('uid'),
    async handle({ viewer, services }) {
      return { archive: await services.dataExportArchives.request(viewer) };
    },
  }),
  // Reads, polled while the archive is prepared: not counted against the export's budget.
  route({
    method: 'get',
    path: '/api/users/:uid/data-export/status',
    access: 'user',
    failure: 'Failed to read your archive.',
    actsAs: { param: 'uid' },
    params: pathParams('uid'),
    async handle({ viewer, services }) {
      return { archive: await services.dataExportArchives.latest(viewer) };
    },
  }),
  route({
    method: 'get',
    path: '/api/users/:uid/data-export/archives/:id',
    access: 'user',
    failure: 'Failed to download your archive.',
    actsAs: { param: 'uid' },
    params: pathParams('uid', 'id'),
    async handle({ viewer, params, services }) {
      const archive = await services.dataExportArchives.open(viewer, params.id);
      return new RestAttachment('application/zip', exportFileName(archive.createdAt, 'zip'), archive);
    },
  }),
];
