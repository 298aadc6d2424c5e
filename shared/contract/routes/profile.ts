import { profileSchema, updateProfileRequest } from '../profile.js';
import { route } from '../route-def.js';

/**
 * Routes of the profile domain (the whole table is ../routes.ts). Handlers import their
 * route from here, so a Lambda bundles only its own domain's schemas.
 */

export const getMyProfile = route({
  id: 'getMyProfile',
  method: 'GET',
  path: '/api/me',
  auth: 'user',
  handler: 'profile/get-my-profile',
  summary: "The caller's profile (created on e-mail confirmation)",
  access: { table: 'read' },
  response: profileSchema,
});

export const updateMyProfile = route({
  id: 'updateMyProfile',
  method: 'PUT',
  path: '/api/me',
  auth: 'user',
  handler: 'profile/update-my-profile',
  summary: "Updates the caller's personal and billing data (the e-mail cannot change)",
  access: { table: 'write' },
  request: updateProfileRequest,
  response: profileSchema,
});
