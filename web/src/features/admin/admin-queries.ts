import createQueryHooks from 'openapi-react-query';
import { quietApi } from '../../api/client';

/**
 * Failures fetching counties or metrics are only logged, with no toast. The
 * metrics and the county list are read through the quiet client; the tab shows its own inline
 * state instead of a toast.
 */
const $quietApi = createQueryHooks(quietApi);

export const metricsQuery = () => $quietApi.queryOptions('get', '/api/admin/metrics');
export const adminCountiesQuery = () => $quietApi.queryOptions('get', '/api/admin/counties');
