import type { PDF, SaveOptions } from '@libpdf/core';

/**
 * Makes the signature libpdf is about to write into `fieldName` a certification signature
 * (ISO 32000-1 §12.8.2.2, DocMDP): its signature dictionary gets
 * `/Reference [<< /Type /SigRef /TransformMethod /DocMDP /TransformParams << /P 2 /V /1.2 >> >>]`
 * and the catalog `/Perms << /DocMDP <that dictionary> >>`. P = 2: after the seal, filling
 * forms and adding signatures (a notary's own) keep the certification; any other change is a
 * modification a reader reports as breaking it.
 *
 * @libpdf/core 0.4.2 has no option for this, and it builds the signature dictionary inside
 * `PDF.sign`, right before it saves the document to compute the byte range. So this hooks that
 * one save: by then the field holds a reference to the new dictionary, and both entries go
 * into the same incremental update, inside the signed bytes.
 */
export async function certifyNextSignature(
  pdf: PDF,
  fieldName: string,
  permissions: 1 | 2 | 3 = 2,
): Promise<void> {
  const { PdfArray, PdfDict, PdfName, PdfNumber, PdfRef } = await import('@libpdf/core');
  const save = pdf.save.bind(pdf);
  let certified = false;
  pdf.save = (options?: SaveOptions) => {
    if (!certified) {
      certified = true;
      const ref = pdf.getForm()?.getField(fieldName)?.getDict().get('V');
      const signature = ref instanceof PdfRef ? pdf.context.registry.resolve(ref) : null;
      if (!(ref instanceof PdfRef) || !(signature instanceof PdfDict)) {
        throw new Error(`no signature dictionary in field ${fieldName} to certify`);
      }
      const transformParams = PdfDict.of({
        Type: PdfName.of('TransformParams'),
        P: PdfNumber.of(permissions),
        V: PdfName.of('1.2'),
      });
      const sigRef = PdfDict.of({
        Type: PdfName.of('SigRef'),
        TransformMethod: PdfName.of('DocMDP'),
        TransformParams: transformParams,
      });
      signature.set('Reference', new PdfArray([sigRef]));
      // Whatever else /Perms held (usage rights of the original) cannot survive a new seal.
      pdf.getCatalog().set('Perms', PdfDict.of({ DocMDP: ref }));
    }
    return save(options);
  };
}
