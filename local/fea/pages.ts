/**
 * The provider's own pages, as the emulator draws them: enrolment, unlocks and recovery. Plain
 * HTML forms (the real ones are the provider's; ours only need to behave like them). Every
 * value shown is escaped.
 */
const esc = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface Field {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'tel';
  value?: string;
  hint?: string;
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#eef2f7;margin:0;padding:2rem 1rem;color:#1f2937}
main{max-width:28rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 8px #0001}
.brand{font-size:.8rem;color:#64748b;text-transform:uppercase;letter-spacing:.05em}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem;border:1px solid #cbd5e1;border-radius:8px;font-size:1rem}
small{color:#64748b}button{margin-top:1.5rem;width:100%;padding:.75rem;border:0;border-radius:8px;background:#1d4ed8;color:#fff;font-size:1rem}
.error{background:#fee2e2;color:#991b1b;padding:.75rem;border-radius:8px;margin-top:1rem}
li{margin:.5rem 0}</style></head><body><main><div class="brand">Prestador acreditado emulado (local)</div>
<h1>${esc(title)}</h1>${body}</main></body></html>`;
}

export function formPage(
  title: string,
  intro: string,
  fields: Field[],
  submit: string,
  error?: string,
): string {
  const inputs = fields
    .map(
      (f) => `<label for="${esc(f.name)}">${esc(f.label)}</label>
<input id="${esc(f.name)}" name="${esc(f.name)}" type="${f.type ?? 'text'}" value="${esc(f.value ?? '')}" required>
${f.hint ? `<small>${esc(f.hint)}</small>` : ''}`,
    )
    .join('\n');
  return page(
    title,
    `<p>${esc(intro)}</p>${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post">${inputs}<button type="submit">${esc(submit)}</button></form>`,
  );
}

export function smsPage(
  messages: readonly { to: string; rut: string; text: string; at: string }[],
): string {
  const items = messages
    .slice()
    .reverse()
    .map(
      (m) =>
        `<li><strong>${esc(m.to)}</strong> (RUT ${esc(m.rut)}) · ${esc(m.at)}<br>${esc(m.text)}</li>`,
    )
    .join('');
  return page(
    'SMS enviados',
    messages.length ? `<ul>${items}</ul>` : '<p>No se ha enviado ningún SMS.</p>',
  );
}

export { esc };
