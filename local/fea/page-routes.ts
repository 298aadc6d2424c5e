import { cleanRut } from '../../shared/rules/rut.js';
import {
  serialMatches,
  setPassword,
  setPhone,
  unlockCertificate,
  unlockSecondFactor,
} from './accounts.js';
import { type Field, formPage, page } from './pages.js';
import type { FeaStore, Ticket } from './store.js';

/**
 * The provider's pages a signer is sent to, each behind a one-time ticket from the API: the
 * enrolment (ID-card serial, phone, certificate password: the certificate is issued), the
 * unlocks (RUT and ID-card serial), the recoveries (a new password or phone). Success sends the
 * browser back to the caller's `urlRetorno` with `status`, `message` (and `tipo` for a recovery).
 */
export type PageReply = { status: number; html: string } | { status: 303; location: string };

const SERIAL_HINT = 'El número de serie de la cédula (no el RUT).';

const back = (t: Ticket, params: Record<string, string>): PageReply => {
  const url = new URL(t.returnUrl);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { status: 303, location: url.href };
};

const gone = (): PageReply => ({
  status: 410,
  html: page('Enlace vencido', '<p>Este enlace ya no es válido. Solicite uno nuevo.</p>'),
});

interface Form {
  title: string;
  intro: string;
  fields: Field[];
  submit: string;
  /** The form's answer: an error to show again, or done. */
  apply(values: Record<string, string>): Promise<string | undefined>;
  done: Record<string, string>;
}

function formOf(store: FeaStore, t: Ticket): Form {
  const a = store.accounts.get(t.rut);
  const holder = (values: Record<string, string>) =>
    cleanRut(values.rut ?? '') === t.rut && a && serialMatches(a, values.serial ?? '')
      ? a
      : undefined;
  const rutAndSerial: Field[] = [
    { name: 'rut', label: 'RUT', value: '' },
    { name: 'serial', label: 'Número de serie de la cédula', hint: SERIAL_HINT },
  ];
  switch (t.kind) {
    case 'enrol':
      return {
        title: 'Enrolamiento de Firma Electrónica Avanzada',
        intro: `Certificado para ${t.name ?? ''} (RUT ${t.rut}). Elija la clave de su certificado.`,
        fields: [
          { name: 'serial', label: 'Número de serie de la cédula', hint: SERIAL_HINT },
          { name: 'phone', label: 'Teléfono móvil', type: 'tel', value: '+56 9 ' },
          {
            name: 'password',
            label: 'Clave del certificado',
            type: 'password',
            hint: 'Al menos 8 caracteres.',
          },
          { name: 'password2', label: 'Repita la clave', type: 'password' },
        ],
        submit: 'Crear certificado',
        async apply(v) {
          if (!/^\d{7,12}$/.test(v.serial ?? ''))
            return 'Número de serie inválido (7 a 12 dígitos).';
          if ((v.phone ?? '').replace(/\D/g, '').length < 11) return 'Teléfono móvil inválido.';
          if ((v.password ?? '').length < 8) return 'La clave debe tener al menos 8 caracteres.';
          if (v.password !== v.password2) return 'Las claves no coinciden.';
          await store.enrol({
            rut: t.rut,
            name: t.name || t.rut,
            email: t.email ?? '',
            serial: v.serial ?? '',
            phone: v.phone ?? '',
            password: v.password ?? '',
          });
          return undefined;
        },
        done: { status: 'success', message: 'Certificado creado' },
      };
    case 'unlock_certificate':
    case 'unlock_second_factor': {
      const certificate = t.kind === 'unlock_certificate';
      return {
        title: certificate ? 'Desbloqueo del certificado' : 'Desbloqueo del segundo factor',
        intro: 'Confirme su identidad con su RUT y el número de serie de su cédula.',
        fields: rutAndSerial,
        submit: 'Desbloquear',
        async apply(v) {
          const holder_ = holder(v);
          if (!holder_) return 'El RUT o el número de serie no corresponden.';
          if (certificate) unlockCertificate(holder_);
          else unlockSecondFactor(holder_);
          store.save();
          return undefined;
        },
        done: {
          status: 'success',
          message: certificate ? 'Certificado desbloqueado' : 'Segundo factor desbloqueado',
        },
      };
    }
    case 'recover_certificado':
      return {
        title: 'Recuperación de la clave del certificado',
        intro: `Elija una nueva clave para el certificado del RUT ${t.rut}.`,
        fields: [
          {
            name: 'password',
            label: 'Nueva clave',
            type: 'password',
            hint: 'Al menos 8 caracteres.',
          },
          { name: 'password2', label: 'Repita la clave', type: 'password' },
        ],
        submit: 'Guardar clave',
        async apply(v) {
          if (!a) return 'El firmante no tiene certificado.';
          if ((v.password ?? '').length < 8) return 'La clave debe tener al menos 8 caracteres.';
          if (v.password !== v.password2) return 'Las claves no coinciden.';
          setPassword(a, v.password ?? '');
          store.save();
          return undefined;
        },
        done: { status: 'success', message: 'Clave recuperada', tipo: 'certificado' },
      };
    case 'recover_segundo_factor':
      return {
        title: 'Recuperación del segundo factor',
        intro: `Indique el teléfono móvil que recibirá los códigos del RUT ${t.rut}.`,
        fields: [{ name: 'phone', label: 'Teléfono móvil', type: 'tel', value: '+56 9 ' }],
        submit: 'Guardar teléfono',
        async apply(v) {
          if (!a) return 'El firmante no tiene certificado.';
          if ((v.phone ?? '').replace(/\D/g, '').length < 11) return 'Teléfono móvil inválido.';
          setPhone(a, v.phone ?? '');
          store.save();
          return undefined;
        },
        done: { status: 'success', message: 'Segundo factor recuperado', tipo: 'segundo_factor' },
      };
  }
}

export async function ticketPage(
  store: FeaStore,
  id: string,
  method: string,
  values: Record<string, string>,
  now: number,
): Promise<PageReply> {
  const t = store.tickets.get(id);
  if (!t || t.expiresAt <= now) return gone();
  const form = formOf(store, t);
  if (method !== 'POST') {
    return { status: 200, html: formPage(form.title, form.intro, form.fields, form.submit) };
  }
  const error = await form.apply(values);
  if (error) {
    const fields = form.fields.map((f) =>
      f.type === 'password' ? f : { ...f, value: values[f.name] ?? f.value },
    );
    return { status: 400, html: formPage(form.title, form.intro, fields, form.submit, error) };
  }
  store.tickets.delete(id);
  return back(t, form.done);
}
