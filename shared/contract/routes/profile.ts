import { accountExportSchema, deleteAccountRequest, deleteAccountResponse } from '../account.js';
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

export const exportMyData = route({
  id: 'exportMyData',
  method: 'GET',
  path: '/api/me/export',
  auth: 'user',
  handler: 'account/export-my-data',
  summary:
    "'Descargar mis datos': a JSON copy of everything the caller's account holds (Ley 21.719)",
  access: { table: 'write', bucket: 'read', cognito: ['cognito-idp:AdminGetUser'] },
  response: accountExportSchema,
});

export const deleteMyAccount = route({
  id: 'deleteMyAccount',
  method: 'POST',
  path: '/api/me/delete',
  auth: 'user',
  handler: 'account/delete-my-account',
  summary:
    "'Eliminar mi cuenta': with the current password, deletes the account and its personal " +
    'data and pseudonymises the evidence and ledger the law keeps; refused while an order is ' +
    'in progress',
  access: {
    table: 'write',
    bucket: 'write',
    cognito: [
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:AdminDeleteUser',
    ],
  },
  request: deleteAccountRequest,
  response: deleteAccountResponse,
});
