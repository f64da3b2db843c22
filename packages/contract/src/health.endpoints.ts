import { endpoint } from './common/endpoint.ts';
import { healthSchema, readySchema } from './health.ts';

const tags = ['Health'];

export const getHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  public: true,
  tags,
  summary: 'Liveness',
  response: { 200: healthSchema },
});

export const getReady = endpoint({
  method: 'GET',
  path: '/api/ready',
  public: true,
  tags,
  summary: 'Database reachable and migrations applied',
  response: { 200: readySchema, 503: readySchema },
});
