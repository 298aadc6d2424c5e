/**
 * Texts of organisations, memberships and the notary side (credits-signing-admin §2 screens
 * 15–17, §5, §6, §8). The spec's own strings are kept word for word; the rest is ours, in the
 * same voice. The web reads them as `es.organizations`.
 */
export const organizationsEs = {
  personal: 'Personal',
  types: { company: 'Empresa', notary: 'Notaría' },
  roles: { owner: 'Propietario', admin: 'Administrador', member: 'Miembro' },
  assignmentStatus: {
    assigned: 'Asignado',
    taken: 'Tomado',
    in_review: 'En revisión',
    notarized: 'Notarizado',
    approved: 'Aprobado',
    rejected: 'Rechazado',
    reassigned: 'Reasignado',
  },
  nameRequired: 'El nombre es obligatorio',
  nameTooLong: 'El nombre no puede superar los 200 caracteres',
  typeRequired: 'Elige el tipo de organización',
  emailInvalid: 'Ingresa un correo válido',
  deleteConfirm: '¿Estás seguro de eliminar esta organización?',
  createError: 'Error al crear organización',
  updateError: 'Error al actualizar organización',
  deleteError: 'Error al eliminar organización',
  created: 'Organización creada exitosamente',
  updated: 'Organización actualizada exitosamente',
  deactivated: 'Organización desactivada exitosamente',
  moreMembers: '+{n} más',
  notaryContextRequired:
    'Acceso denegado: Debes estar en contexto de notaría para ver este dashboard',
  accessRestricted: 'Acceso Restringido',
  takeError: 'Error al tomar el documento',
  taken: 'Documento tomado exitosamente',
  takenByAnother: 'Otra persona de la notaría ya tomó este documento.',
  contextError: 'Error al cambiar de contexto',
  contextLost: 'Ya no perteneces a esa organización: vuelves a tu contexto Personal.',
  switcherLabel: 'Contexto de trabajo',
  switcherHint: 'Cada contexto tiene sus propios créditos, pedidos y suscripciones.',
  balance: '{n} créditos',
  createAction: 'Crear Organización',
  createTitle: 'Crear Organización',
  createIntro:
    'Una empresa con su propia billetera de créditos y sus pedidos. Tú serás su propietario y podrás invitar a tu equipo.',
  nameLabel: 'Nombre de la organización',
  emailLabel: 'Correo de contacto (opcional)',
  phoneLabel: 'Teléfono (opcional)',
  creating: 'Creando...',
  switchedTo: 'Ahora trabajas en {name}',
  invitationTitle: 'Invitación a una organización',
  invitationSignIn:
    'Ingresa con la cuenta del correo al que llegó la invitación para unirte a la organización.',
  invitationNoAccount:
    '¿Aún no tienes cuenta? Regístrate con ese mismo correo, confirma tu cuenta y vuelve a abrir el enlace de la invitación.',
  invitationAccepting: 'Aceptando la invitación...',
  invitationJoined: 'Ahora eres parte de {organization} como {role}.',
  workIn: 'Trabajar en {organization}',
  notAMember: 'No perteneces a esta organización.',
  contextInvalid: 'El contexto de trabajo no es válido. Vuelve a elegirlo en el encabezado.',
  lastOwnerCannotLeave:
    'Eres el único propietario: nombra a otro propietario antes de salir de la organización.',
  roleNotAllowed: 'Tu rol en la organización no permite esta acción.',
  minutesPending: 'Pendiente',
  // Members and invitations (issue 22): the API's answers and the invitation mail.
  notMemberTarget: 'Esa persona no es miembro de la organización.',
  organizationInactive: 'Esta organización ya no está activa.',
  lastOwnerCannotBeDemoted:
    'Es el único propietario: nombra a otro propietario antes de cambiarle el rol.',
  lastOwnerCannotBeRemoved:
    'Es el único propietario: nombra a otro propietario antes de quitarlo de la organización.',
  ownRoleUnchangeable: 'No puedes cambiar tu propio rol. Pídeselo a otro propietario.',
  removeSelfUseLeave: 'Para salir de la organización usa «Salir de la organización».',
  membersChanged: 'Los miembros de la organización cambiaron recién. Vuelve a intentarlo.',
  alreadyMemberEmail: 'Ese correo ya pertenece a un miembro de la organización.',
  alreadyMember: 'Ya perteneces a esta organización.',
  invitationInvalid: 'El enlace de invitación no es válido.',
  invitationExpired:
    'La invitación venció. Pide a un administrador de la organización que te invite de nuevo.',
  invitationUsed: 'Esta invitación ya fue aceptada.',
  invitationReplaced:
    'Esta invitación fue reemplazada por una más reciente. Usa el enlace del último correo que recibiste.',
  invitationOtherAccount:
    'Esta invitación es para otro correo. Ingresa con la cuenta del correo al que llegó la invitación.',
  inviteMailSubject: '{inviter} te invitó a {organization} en Sello',
  inviteMailGreeting: 'Hola,',
  inviteMailBody:
    '{inviter} te invitó a unirte a {organization} en Sello como {role}. Tendrás acceso a los créditos y pedidos de la organización.',
  inviteMailAction: 'Aceptar invitación',
  inviteMailNote:
    'La invitación vence en 7 días y solo puede usarse una vez. Ingresa (o crea tu cuenta) con este mismo correo para aceptarla. Si no la esperabas, ignora este correo.',
  inviteMailSomeone: 'Un miembro',
} as const;
