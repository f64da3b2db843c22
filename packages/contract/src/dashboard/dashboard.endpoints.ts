import { endpoint } from '../common/endpoint.ts';
import { dashboardSchema } from './dashboard.ts';

export const getDashboard = endpoint({
  method: 'GET',
  path: '/api/v1/dashboard',
  tags: ['Dashboard'],
  summary: "The caller's dashboard: a customer's tickets and what waits on them, or staff's pipeline figures",
  response: { 200: dashboardSchema },
});
