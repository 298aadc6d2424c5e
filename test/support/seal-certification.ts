import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfRef } from '@libpdf/core';

/**
 * What a sealed PDF says about its certification (DocMDP, ISO 32000-1 §12.8.2.2), read the way
 * a reader does: the catalog's /Perms /DocMDP names a signature dictionary; that dictionary's
 * /Reference holds a DocMDP SigRef with its P. Also which field carries that signature.
 * (poppler's pdfsig 22.x validates the signature but does not print whether it certifies.)
 */
export interface Certification {
  /** The name of the field whose /V is the DocMDP signature, or null. */
  fieldName: string | null;
  /** /TransformParams /P, or null when the /Reference is missing or not DocMDP. */
  permissions: number | null;
  subFilter: string | null;
}

export async function readCertification(bytes: Uint8Array): Promise<Certification | null> {
  const pdf = await PDF.load(bytes);
  const registry = pdf.context.registry;
  const resolve = (o: unknown) => (o instanceof PdfRef ? registry.resolve(o) : o);
  const perms = resolve(pdf.getCatalog().get('Perms'));
  if (!(perms instanceof PdfDict)) return null;
  const ref = perms.get('DocMDP');
  const sig = resolve(ref);
  if (!(ref instanceof PdfRef) || !(sig instanceof PdfDict)) return null;
  const name = (o: unknown) => (o instanceof PdfName ? o.value : null);
  let permissions: number | null = null;
  const references = resolve(sig.get('Reference'));
  if (references instanceof PdfArray) {
    for (const item of references) {
      const sigRef = resolve(item);
      if (!(sigRef instanceof PdfDict) || name(sigRef.get('TransformMethod')) !== 'DocMDP')
        continue;
      const params = resolve(sigRef.get('TransformParams'));
      const p = params instanceof PdfDict ? params.get('P') : undefined;
      permissions = p instanceof PdfNumber ? p.value : null;
    }
  }
  const field = (pdf.getForm()?.getFields() ?? []).find((f) => {
    const v = f.getDict().get('V');
    return v instanceof PdfRef && v.objectNumber === ref.objectNumber;
  });
  return {
    fieldName: field?.name ?? null,
    permissions,
    subFilter: name(sig.get('SubFilter')),
  };
}
