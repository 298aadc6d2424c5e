import { okResponse } from '../common.js';
import * as orgs from '../organizations.js';
import { route } from '../route-def.js';

/** Routes of organisations and work contexts (the whole table is ../routes.ts). */

export const listMyContexts = route({
  id: 'listMyContexts',
  method: 'GET',
  path: '/api/me/contexts',
  auth: 'user',
  handler: 'organizations/list-contexts',
  summary: "The caller's work contexts: Personal and each active membership, with balances",
  access: { table: 'read' },
  response: orgs.listContextsResponse,
});

export const createOrganization = route({
  id: 'createOrganization',
  method: 'POST',
  path: '/api/organizations',
  auth: 'user',
  handler: 'organizations/create-organization',
  summary: "'Crear Organización': a company with the caller as its owner (idempotent by key)",
  access: { table: 'write' },
  request: orgs.createOrganizationRequest,
  response: orgs.organizationResponse,
});

export const getOrganizationDashboard = route({
  id: 'getOrganizationDashboard',
  method: 'GET',
  path: '/api/organizations/{id}/dashboard',
  auth: 'user',
  handler: 'organizations/get-dashboard',
  summary:
    "The organisation dashboard (any active member): the organisation, the caller's role, credits, this month's documents, members, average per document",
  access: { table: 'read' },
  response: orgs.organizationDashboardResponse,
});

export const listOrganizationMembers = route({
  id: 'listOrganizationMembers',
  method: 'GET',
  path: '/api/organizations/{id}/members',
  auth: 'user',
  handler: 'organizations/list-members',
  summary: "An organisation's active members and pending invitations (any active member)",
  access: { table: 'read' },
  response: orgs.listMembersResponse,
});

export const inviteOrganizationMember = route({
  id: 'inviteOrganizationMember',
  method: 'POST',
  path: '/api/organizations/{id}/invitations',
  auth: 'user',
  handler: 'organizations/invite-member',
  summary:
    'Invites an e-mail with a role (owner or admin; owner only by an owner): the link goes by mail, 7 days',
  access: { table: 'write' },
  request: orgs.inviteMemberRequest,
  response: orgs.invitationResponse,
});

export const acceptInvitation = route({
  id: 'acceptInvitation',
  method: 'POST',
  path: '/api/invitations/accept',
  auth: 'user',
  handler: 'organizations/accept-invitation',
  summary:
    "Accepts an invitation's token for the signed-in account whose e-mail was invited: it becomes a member",
  access: { table: 'write' },
  request: orgs.acceptInvitationRequest,
  response: orgs.organizationResponse,
});

export const changeOrganizationMemberRole = route({
  id: 'changeOrganizationMemberRole',
  method: 'PATCH',
  path: '/api/organizations/{id}/members/{sub}',
  auth: 'user',
  handler: 'organizations/change-member-role',
  summary: "Changes a member's role (owner or admin; owners made and unmade by an owner)",
  access: { table: 'write' },
  request: orgs.changeMemberRoleRequest,
  response: orgs.memberResponse,
});

export const removeOrganizationMember = route({
  id: 'removeOrganizationMember',
  method: 'DELETE',
  path: '/api/organizations/{id}/members/{sub}',
  auth: 'user',
  handler: 'organizations/remove-member',
  summary: 'Removes a member (owner or admin; an owner only by an owner, never the last one)',
  access: { table: 'write' },
  response: okResponse,
});

export const leaveOrganization = route({
  id: 'leaveOrganization',
  method: 'POST',
  path: '/api/organizations/{id}/leave',
  auth: 'user',
  handler: 'organizations/leave-organization',
  summary: 'The caller leaves the organisation (not its last owner)',
  access: { table: 'write' },
  response: okResponse,
});
