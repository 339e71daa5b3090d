import type { Server } from 'node:http';
import request from 'supertest';
import { conforming } from './openapi-conformance.js';

/**
 * Requests to the API as one account: each carries the account's key, and each
 * answer must conform to docs/openapi.json (status, media type, body, headers).
 */
export interface ApiClient {
  get(path: string): request.Test;
  post(path: string): request.Test;
  put(path: string): request.Test;
  delete(path: string): request.Test;
  /** Creates a report of `fields` and answers its id; fails unless the answer is 201. */
  createReport(fields: object): Promise<number>;
}

export function apiClient(http: Server, key: string): ApiClient {
  const agent = request(http);
  const withKey = (test: request.Test) =>
    conforming(test.set('Authorization', `Bearer ${key}`));
  return {
    createReport: async (fields) => {
      const res = await withKey(agent.post('/api/v1/reports'))
        .send(fields)
        .expect(201);
      return res.body.data.id as number;
    },
    get: (path) => withKey(agent.get(path)),
    post: (path) => withKey(agent.post(path)),
    put: (path) => withKey(agent.put(path)),
    delete: (path) => withKey(agent.delete(path)),
  };
}
