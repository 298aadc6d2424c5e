import * as credits from '../credits.js';
import { route } from '../route-def.js';

/**
 * Routes of the credits domain (the whole table is ../routes.ts). Handlers import their
 * route from here, so a Lambda bundles only its own domain's schemas.
 */

export const getWallet = route({
  id: 'getWallet',
  method: 'GET',
  path: '/api/credits/wallet',
  auth: 'user',
  workContext: true,
  handler: 'credits/get-wallet',
  summary: "The caller's balance, total earned, total used and credits expiring within 30 days",
  access: { table: 'read' },
  response: credits.walletResponse,
});

export const listCreditTransactions = route({
  id: 'listCreditTransactions',
  method: 'GET',
  path: '/api/credits/transactions',
  auth: 'user',
  workContext: true,
  handler: 'credits/list-transactions',
  summary: "The caller's ledger, newest first, optionally of one type; cursor-paged",
  access: { table: 'read' },
  query: credits.listTransactionsQuery,
  response: credits.listTransactionsResponse,
});

export const listCreditPackages = route({
  id: 'listCreditPackages',
  method: 'GET',
  path: '/api/credits/packages',
  auth: 'public',
  handler: 'credits/list-packages',
  summary: 'Credit packages available in a country, with their price there',
  access: { table: 'read' },
  query: credits.packagesQuery,
  response: credits.listPackagesResponse,
});

export const listSubscriptionPlans = route({
  id: 'listSubscriptionPlans',
  method: 'GET',
  path: '/api/subscription-plans',
  auth: 'public',
  handler: 'credits/list-plans',
  summary: 'Active subscription plans with their price in a country (read-only for now)',
  access: { table: 'read' },
  query: credits.plansQuery,
  response: credits.listPlansResponse,
});

export const listCreditServices = route({
  id: 'listCreditServices',
  method: 'GET',
  path: '/api/credits/services',
  auth: 'public',
  handler: 'credits/list-services',
  summary:
    "Active credit services: what each costs in credits (the wizard's own price for signatures and notarial services in a country), whether it is available and what consumes it",
  access: { table: 'read' },
  query: credits.listServicesQuery,
  response: credits.listServicesResponse,
});

export const useCreditService = route({
  id: 'useCreditService',
  method: 'POST',
  path: '/api/credits/services/use',
  auth: 'user',
  workContext: true,
  handler: 'credits/use-service',
  summary:
    'Spends credits on one use of a service used directly (idempotent by key); 422 for one not available or consumed by another feature',
  access: { table: 'write' },
  request: credits.useServiceRequest,
  response: credits.ledgerChangeResponse,
});
