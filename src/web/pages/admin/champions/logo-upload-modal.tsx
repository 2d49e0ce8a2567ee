import AwsS3 from '@uppy/aws-s3';
import Uppy, { type Body, type Meta } from '@uppy/core';
import DashboardModal from '@uppy/react/dashboard-modal';
import Url from '@uppy/url';
import { useEffect, useState } from 'react';
import { companionUrl } from '../../../../shared/schemas/uploads';
import { endpoints } from '../../../../shared/api/index';
import { callApi } from '../../../api';
import { toast } from '../../../components/ui/use-toast';
import { useT } from '../../../i18n/i18n';
import type { Translate } from '../../../../shared/i18n/translator';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import '@uppy/url/css/style.min.css';

/** A logo is one file of at most 5 MB (5242880 bytes), the server's limit too. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** The raster types the server re-encodes; Uppy refuses anything else with its own message. */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'];

class PrepareUploadError extends Error {}

/**
 * The site's Companion endpoints, absolute: Uppy builds the import's `url/get` address and
 * its websocket (`api/{token}` under this URL) from it.
 */
const absoluteCompanionUrl = () => `${window.location.origin}${companionUrl}`;

function createLogoUppy(t: Translate): Uppy<Meta, Body> {
  return new Uppy<Meta, Body>({
    id: 'team-logo',
    autoProceed: false,
    restrictions: { maxNumberOfFiles: 1, maxFileSize: LOGO_MAX_BYTES, allowedFileTypes: LOGO_TYPES },
  }).use(AwsS3, {
    // A logo is at most 5 MB: always one signed PUT, never multipart.
    shouldUseMultipart: false,
    // The server picks the key and signs the URL; the browser's own key is ignored.
    signRequest: async (request) => {
      if (request.method !== 'PUT' || 'uploadId' in request) throw new Error('Logo uploads are single requests');
      try {
        const { uploadURL } = await callApi(endpoints.createAdminUpload);
        return { url: uploadURL };
      } catch {
        throw new PrepareUploadError('Failed to prepare file upload. Please try again.');
      }
    },
  })
    // "Link": an image address the server fetches, checks and re-encodes (remote files skip the PUT above).
    .use(Url, {
      companionUrl: absoluteCompanionUrl(),
      // Organizers do not know what Companion is; the server's reason is in the message's "?" tooltip.
      locale: { strings: { failedToFetch: t('This address could not be imported. It must be a public link to an image.') } },
    });
}

/**
 * The Uppy Dashboard in a modal: the file goes to a signed URL from POST /api/objects/upload, then
 * PUT /api/team-logos turns it into a checked, re-encoded logo whose path is handed back.
 */
export function LogoUploadModal({ open, onClose, onUploaded }: { open: boolean; onClose: () => void; onUploaded: (objectPath: string) => void }) {
  const t = useT();
  const [uppy] = useState(() => createLogoUppy(t));

  useEffect(() => {
    const onSuccess = async (file: { isRemote?: boolean } | undefined, response: { uploadURL?: string; body?: { objectPath?: string } }) => {
      try {
        if (!response.uploadURL) throw new Error('No upload URL');
        // An imported address comes back already a logo; an uploaded file becomes one now.
        const objectPath =
          file?.isRemote && response.body?.objectPath
            ? response.body.objectPath
            : (await callApi(endpoints.storeUploadedLogo, { body: { logoImageURL: response.uploadURL } })).objectPath;
        onUploaded(objectPath.startsWith('/objects/') ? objectPath : `/objects/${objectPath.replace(/^\/+/, '')}`);
        toast({ title: t('Logo Uploaded'), description: t('The team logo is ready.'), variant: 'success' });
        uppy.clear();
        onClose();
      } catch {
        toast({ title: t('Upload Warning'), description: t('Logo uploaded but may not be publicly accessible.'), variant: 'destructive' });
      }
    };
    const onError = (_file: unknown, error: Error) => {
      if (error instanceof PrepareUploadError || error.cause instanceof PrepareUploadError) {
        toast({ title: t('Upload Error'), description: t('Failed to prepare file upload. Please try again.'), variant: 'destructive' });
      }
    };
    uppy.on('upload-success', onSuccess);
    uppy.on('upload-error', onError);
    return () => {
      uppy.off('upload-success', onSuccess);
      uppy.off('upload-error', onError);
    };
  }, [uppy, onUploaded, onClose, t]);

  useEffect(() => () => uppy.destroy(), [uppy]);

  // Uppy names its outer wrapper, not the element with role="dialog"; the dialog is named after the button that opens it.
  useEffect(() => {
    if (open) document.querySelector('.uppy-Dashboard--modal .uppy-Dashboard-inner[role="dialog"]')?.setAttribute('aria-label', t('Upload Logo'));
  }, [open, t]);

  return (
    <DashboardModal
      uppy={uppy}
      open={open}
      onRequestClose={onClose}
      closeModalOnClickOutside
      proudlyDisplayPoweredByUppy={false}
      theme="dark"
      note={t('One image (PNG, JPEG, WebP, GIF or AVIF), up to 5 MB')}
    />
  );
}
