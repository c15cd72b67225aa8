import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw, Upload } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  ASSET_IMAGE_TYPES,
  ASSET_MESSAGES,
  AssetFieldsSchema,
  isWithinAssetLimit,
  randomAssetId,
} from '@liveops/domain/assets';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorIdOf, Field } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useUploadAsset } from '../../../lib/api/assets/upload-asset';
import styles from './upload-asset-form.module.css';

const newAssetId = () => randomAssetId((n) => crypto.getRandomValues(new Uint8Array(n)));

/** The file field's checks mirror the server's, so most mistakes are caught before the upload. */
const FormSchema = AssetFieldsSchema.extend({
  file: z
    // Every refinement runs, also after the first refused an empty field: the later ones see what may be nothing.
    .custom<FileList | undefined>()
    .refine((files) => files instanceof FileList && files.length > 0, ASSET_MESSAGES.fileRequired)
    .refine((files) => !files?.[0] || files[0].type !== 'image/svg+xml', ASSET_MESSAGES.svgRefused)
    .refine(
      (files) => !files?.[0] || (ASSET_IMAGE_TYPES as readonly string[]).includes(files[0].type),
      ASSET_MESSAGES.notAnImage,
    )
    .refine((files) => !files?.[0] || isWithinAssetLimit(files[0].type, files[0].size), ASSET_MESSAGES.tooLarge),
});
type FormValues = z.input<typeof FormSchema>;

function uploadErrorMessage(error: Error): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return ASSET_MESSAGES.mustSignIn;
    if (error.status === 404) return ASSET_MESSAGES.selectGame;
    if (error.status < 500 && error.message) return error.message;
  }
  return ASSET_MESSAGES.uploadFailed;
}

export function UploadAssetForm({ gameId }: { gameId: string }) {
  const upload = useUploadAsset(gameId);
  const [fileKey, setFileKey] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: { name: '', assetId: newAssetId() },
  });

  const onSubmit = handleSubmit((values) => {
    const file = (values.file as FileList)[0];
    if (!file) return;
    upload.mutate(
      { name: values.name.trim(), assetId: values.assetId.trim(), file },
      {
        onSuccess: (asset) => {
          toast.success(`Uploaded ${asset.name}.`);
          reset({ name: '', assetId: newAssetId() });
          setFileKey((k) => k + 1);
        },
      },
    );
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Upload asset">
      <TextField label="Asset name" placeholder="Gold coin" error={errors.name?.message} {...register('name')} />
      <Field label="Asset ID" htmlFor="asset-id" error={errors.assetId?.message}>
        <div className="input-with-button">
          <input
            id="asset-id"
            aria-describedby={errors.assetId ? errorIdOf('asset-id') : undefined}
            className="input"
            aria-invalid={errors.assetId ? true : undefined}
            {...register('assetId')}
          />
          <button
            type="button"
            className="icon-button"
            aria-label="New random ID"
            title="New random ID"
            onClick={() => setValue('assetId', newAssetId(), { shouldValidate: true })}
          >
            <RefreshCw size={16} aria-hidden />
          </button>
        </div>
      </Field>
      <Field label="File" htmlFor="asset-file" error={errors.file?.message as string | undefined}>
        <input
          key={fileKey}
          id="asset-file"
          aria-describedby={errors.file ? errorIdOf('asset-file') : undefined}
          type="file"
          className={`input ${styles.file}`}
          accept={ASSET_IMAGE_TYPES.join(',')}
          aria-invalid={errors.file ? true : undefined}
          {...register('file')}
        />
      </Field>
      <div className={styles.wide}>
        <Button type="submit" loading={upload.isPending}>
          <Upload size={16} aria-hidden />
          Upload
        </Button>
      </div>
      {upload.isError ? (
        <div className={styles.wide}>
          <Alert tone="error">{uploadErrorMessage(upload.error)}</Alert>
        </div>
      ) : null}
    </form>
  );
}
