/**
 * Texts of organisations, memberships and the notary side (credits-signing-admin §2 screens
 * 15–17, §5, §6, §8). The spec's own strings are kept word for word; the rest is ours, in the
 * same voice. Merged into `es` once the screens use them.
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
  notAMember: 'No perteneces a esta organización.',
  contextInvalid: 'El contexto de trabajo no es válido. Vuelve a elegirlo en el encabezado.',
  lastOwnerCannotLeave:
    'Eres el único propietario: nombra a otro propietario antes de salir de la organización.',
  roleNotAllowed: 'Tu rol en la organización no permite esta acción.',
  minutesPending: 'Pendiente',
} as const;
