/**
 * Spanish texts of the auth and maintenance features not yet in shared/messages.es.ts. The lead
 * moves them into the shared catalogue (same section names) and this file then disappears.
 */
export const pendingEs = {
  auth: {
    confirmTitle: 'Confirmación de email',
    resetAccount: 'Cuenta: {email}',
  },
  maintenance: {
    loginHint: '¿Ya tienes una cuenta? Inicia sesión para entrar.',
  },
} as const;
