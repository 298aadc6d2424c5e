import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type * as z from 'zod/mini';
import {
  MAX_NOTARIZED_BYTES,
  type NotarizedFile,
  notarizeActForm,
} from '../../../../shared/contract/notarized';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { santiagoDate } from '../../../../shared/rules/santiago-time';
import { PdfSignatureList } from '../../components/pdf-signatures/PdfSignatureList';
import { Alert, Button, TextField } from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { applyServerErrors } from '../../lib/fieldErrors';
import { formatFileSize } from '../../lib/fileSize';
import { StorageUploadError } from '../../lib/presignedPost';
import { uploadNotarized } from './notarizedUpload';

const t = es.notarized;
type FormIn = z.input<typeof notarizeActForm>;
type FormOut = z.output<typeof notarizeActForm>;
const FIELDS = ['repertorio', 'act_date', 'notary_name'] as const;

/** The server's Spanish message for a refused upload, else the generic one. */
function uploadMessage(err: unknown): string {
  if (err instanceof StorageUploadError) return err.message;
  if (err instanceof ApiError && err.status < 500 && err.message) return err.message;
  return es.documents.uploadError;
}

function dropMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  if (codes.includes('file-too-large')) return t.tooLarge;
  if (codes.includes('file-too-small')) return t.empty;
  return t.notPdf;
}

/**
 * The decision 'notarize' on the document page: the notarized PDF (uploaded and checked by the
 * server, which lists its signatures and whether each validates: the notary sees it before
 * delivering), the act's data (repertorio, date, notary), then the delivery, confirmed.
 */
export function NotarizeForm({
  assignmentId,
  orderCreatedAt,
}: {
  assignmentId: string;
  orderCreatedAt: string;
}) {
  const client = useQueryClient();
  const [file, setFile] = useState<NotarizedFile | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const today = santiagoDate(new Date());
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(notarizeActForm),
    defaultValues: { repertorio: '', act_date: today, notary_name: '' },
  });

  const upload = async (picked: File) => {
    setError(null);
    setFile(null);
    setProgress(0);
    try {
      setFile(await uploadNotarized(assignmentId, picked, setProgress, es.documents.uploadError));
    } catch (err) {
      setError(uploadMessage(err));
    } finally {
      setProgress(null);
    }
  };
  const busy = progress !== null;
  const dropzone = useDropzone({
    onDrop: (accepted: File[], rejected: FileRejection[]) => {
      if (rejected.length) return setError(dropMessage(rejected));
      const picked = accepted[0];
      if (picked) void upload(picked);
    },
    accept: { 'application/pdf': ['.pdf'] },
    maxSize: MAX_NOTARIZED_BYTES,
    minSize: 1,
    maxFiles: 1,
    multiple: false,
    disabled: busy,
  });

  const deliver = useMutation({
    mutationFn: (act: FormOut & { upload_id: string }) =>
      apiCall('notaryAction', {
        body: { action: 'notarize', assignment_id: assignmentId, ...act },
      }),
    onSuccess: () => {
      toast.success(t.done);
      void client.invalidateQueries({ queryKey: ['notary'] });
    },
    onError: (err) => {
      const shown = applyServerErrors(err, FIELDS, setFieldError);
      if (shown) setError(shown);
      toast.error(shown || es.notaryDocument.actionError);
    },
  });

  const onSubmit = handleSubmit((act) => {
    if (!file) return setError(t.notUploaded);
    if (window.confirm(t.confirm)) deliver.mutate({ ...act, upload_id: file.upload_id });
  });

  return (
    <form className="notarize-form" onSubmit={onSubmit} noValidate>
      <h3 className="notarize-form__title">{t.title}</h3>
      <p className="notarize-form__intro">{t.intro}</p>
      {file ? (
        <div className="notarize-form__file">
          <p className="notarize-form__file-facts">
            {fmt(t.fileChecked, {
              name: file.file_name,
              pages: file.pages === 1 ? t.pageOne : fmt(t.pagesMany, { n: String(file.pages) }),
              size: formatFileSize(file.size),
            })}
          </p>
          <PdfSignatureList signatures={file.signatures} />
          <Button variant="ghost" size="sm" onClick={() => setFile(null)}>
            {t.replaceFile}
          </Button>
        </div>
      ) : (
        <>
          <input {...dropzone.getInputProps({ 'aria-hidden': true })} />
          <div
            {...dropzone.getRootProps({
              className: `notarize-form__drop${dropzone.isDragActive ? ' notarize-form__drop--active' : ''}`,
              role: 'button',
              'aria-label': t.fileLabel,
              'aria-disabled': busy || undefined,
            })}
          >
            {busy ? t.uploading : t.drop}
            {busy && progress !== null ? (
              <progress max={1} value={progress} aria-label={t.uploading} />
            ) : null}
          </div>
        </>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={t.repertorio}
        hint={t.repertorioHint}
        autoComplete="off"
        maxLength={40}
        required
        error={errors.repertorio?.message}
        {...register('repertorio')}
      />
      <TextField
        label={t.actDate}
        type="date"
        min={santiagoDate(orderCreatedAt)}
        max={today}
        required
        error={errors.act_date?.message}
        {...register('act_date')}
      />
      <TextField
        label={t.notaryName}
        hint={t.notaryNameHint}
        autoComplete="name"
        maxLength={120}
        required
        error={errors.notary_name?.message}
        {...register('notary_name')}
      />
      <Button
        type="submit"
        disabled={!file || busy || deliver.isPending}
        loading={deliver.isPending}
        loadingLabel={t.submitting}
      >
        {t.submit}
      </Button>
    </form>
  );
}
