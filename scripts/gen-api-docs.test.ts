import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeList } from '../shared/contract/routes.js';
import { API_DOC_PATH, generateApiDocs, routeErrorCodes } from './gen-api-docs.js';

describe('docs/api.md', () => {
  it('is what scripts/gen-api-docs.ts generates from the route table (run `npm run docs:api`)', () => {
    expect(readFileSync(API_DOC_PATH, 'utf8')).toBe(generateApiDocs());
  });

  it('is deterministic', () => {
    expect(generateApiDocs()).toBe(generateApiDocs());
  });

  it('documents every route with its method, path and auth level', () => {
    const doc = generateApiDocs();
    for (const route of routeList) {
      expect(doc).toContain(`## ${route.id}\n\n\`${route.method} ${route.path}\``);
    }
  });
});

describe('routeErrorCodes', () => {
  const byId = (id: string) => {
    const route = routeList.find((r) => r.id === id);
    if (!route) throw new Error(id);
    return routeErrorCodes(route).map((e) => e.code);
  };

  it('finds codes thrown deep in the handler code, across imports', () => {
    expect(byId('signUp')).toEqual(
      expect.arrayContaining(['ALREADY_REGISTERED', 'TOO_MANY_REQUESTS', 'VALIDATION']),
    );
    expect(byId('verifyAccessCode')).toEqual(
      expect.arrayContaining(['FORBIDDEN', 'TOO_MANY_REQUESTS']),
    );
  });

  it('adds the wrapper codes from the declaration only', () => {
    // UNAVAILABLE: every route runs under the request deadline (platform/deadline.ts).
    expect(byId('listCountries')).toEqual(['INTERNAL', 'UNAVAILABLE']);
    expect(byId('getMyProfile')).toEqual(['UNAUTHORIZED', 'NOT_FOUND', 'INTERNAL', 'UNAVAILABLE']);
  });
});
