import { okResponse } from '../common.js';
import * as notary from '../notary.js';
import * as orgs from '../organizations.js';
import { route } from '../route-def.js';

/**
 * Routes of the platform admin (Cognito group `admin`; the whole table is ../routes.ts):
 * the organisations screen (credits-signing-admin §2 screen 17) and its members screen.
 * An admin acts on any organisation without being a member of it.
 */

export const listAdminOrganizations = route({
  id: 'listAdminOrganizations',
  method: 'GET',
  path: '/api/admin/organizations',
  auth: 'admin',
  handler: 'admin/list-organizations',
  summary:
    'Every organisation, newest first, searched by name or e-mail and filtered by type: totals and cards (members, chips, credits, documents)',
  access: { table: 'read' },
  query: orgs.adminOrganizationsQuery,
  response: orgs.listAdminOrganizationsResponse,
});

export const createAdminOrganization = route({
  id: 'createAdminOrganization',
  method: 'POST',
  path: '/api/admin/organizations',
  auth: 'admin',
  handler: 'admin/create-organization',
  summary:
    'Creates a company or a notary without members (its owner is invited); idempotent by key',
  access: { table: 'write' },
  request: orgs.adminCreateOrganizationRequest,
  response: orgs.adminOrganizationResponse,
});

export const updateAdminOrganization = route({
  id: 'updateAdminOrganization',
  method: 'PATCH',
  path: '/api/admin/organizations/{id}',
  auth: 'admin',
  handler: 'admin/update-organization',
  summary:
    "Edits name, e-mail, phone and address; the new name is copied onto the members' context lists",
  access: { table: 'write' },
  request: orgs.adminUpdateOrganizationRequest,
  response: orgs.adminOrganizationResponse,
});

export const deactivateAdminOrganization = route({
  id: 'deactivateAdminOrganization',
  method: 'DELETE',
  path: '/api/admin/organizations/{id}',
  auth: 'admin',
  handler: 'admin/deactivate-organization',
  summary:
    "'Eliminar': deactivates the organisation (is_active false; its members' calls in it are refused); idempotent",
  access: { table: 'write' },
  response: orgs.adminOrganizationResponse,
});

export const listAdminOrganizationMembers = route({
  id: 'listAdminOrganizationMembers',
  method: 'GET',
  path: '/api/admin/organizations/{id}/members',
  auth: 'admin',
  handler: 'admin/list-members',
  summary: "An organisation's active members and pending invitations, as its members see them",
  access: { table: 'read' },
  response: orgs.listMembersResponse,
});

export const inviteAdminOrganizationMember = route({
  id: 'inviteAdminOrganizationMember',
  method: 'POST',
  path: '/api/admin/organizations/{id}/invitations',
  auth: 'admin',
  handler: 'admin/invite-member',
  summary:
    'Invites an e-mail with any role, owner included (an active organisation): the link goes by mail, 7 days',
  access: { table: 'write' },
  request: orgs.inviteMemberRequest,
  response: orgs.invitationResponse,
});

export const removeAdminOrganizationMember = route({
  id: 'removeAdminOrganizationMember',
  method: 'DELETE',
  path: '/api/admin/organizations/{id}/members/{sub}',
  auth: 'admin',
  handler: 'admin/remove-member',
  summary: 'Removes a member (never the last owner)',
  access: { table: 'write' },
  response: okResponse,
});

export const getAdminOrganizationBilling = route({
  id: 'getAdminOrganizationBilling',
  method: 'GET',
  path: '/api/admin/organizations/{id}/billing',
  auth: 'admin',
  handler: 'admin/get-billing',
  summary: "An organisation's wallet and a page of its credits ledger, newest first ('Billing')",
  access: { table: 'read' },
  query: orgs.adminBillingQuery,
  response: orgs.adminOrganizationBillingResponse,
});

export const adjustAdminOrganizationCredits = route({
  id: 'adjustAdminOrganizationCredits',
  method: 'POST',
  path: '/api/admin/organizations/{id}/adjustments',
  auth: 'admin',
  handler: 'admin/adjust-credits',
  summary:
    "Adds or takes back credits of an organisation's wallet as one 'adjustment' with its reason (never below zero; idempotent by key)",
  access: { table: 'write' },
  request: orgs.adminAdjustmentRequest,
  response: orgs.adminAdjustmentResponse,
});

export const getAdminOrganizationAnalytics = route({
  id: 'getAdminOrganizationAnalytics',
  method: 'GET',
  path: '/api/admin/organizations/{id}/analytics',
  auth: 'admin',
  handler: 'admin/get-analytics',
  summary:
    "An organisation's last six Santiago months: documents ordered, completed and cancelled, revenue per currency, credits used ('Analytics')",
  access: { table: 'read' },
  response: orgs.adminOrganizationAnalyticsResponse,
});

export const getAdminNotarySettings = route({
  id: 'getAdminNotarySettings',
  method: 'GET',
  path: '/api/admin/notaries/{id}/settings',
  auth: 'admin',
  handler: 'admin/get-notary-settings',
  summary:
    "A notary's settings (services offered, regions, weight, thresholds, open limit, active) with the catalogue's notarial services and the regions to choose from",
  access: { table: 'read' },
  response: notary.notarySettingsResponse,
});

export const putAdminNotarySettings = route({
  id: 'putAdminNotarySettings',
  method: 'PUT',
  path: '/api/admin/notaries/{id}/settings',
  auth: 'admin',
  handler: 'admin/put-notary-settings',
  summary:
    "Replaces a notary's settings and, in the same transaction, its offers (the items the assignment reads per service)",
  access: { table: 'write' },
  request: notary.putNotarySettingsRequest,
  response: notary.notarySettingsResponse,
});
