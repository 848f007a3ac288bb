import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';

import { TextField } from '@/components/ui/form-field';

import { getCaptcha } from '../api/auth';

import './auth.css';

export interface CaptchaHandle {
  /** Asks for a new image (after a failed submit: each captcha answers once). */
  refresh: () => void;
}

interface CaptchaFieldProps {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Told the uuid of each new image. */
  onUuid: (uuid: string) => void;
  ref?: Ref<CaptchaHandle>;
}

/** The image captcha: the picture (click for another) and the field for what it shows. */
export function CaptchaField({ registration, error, onUuid, ref }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest callback, so a new one on every render does not fetch a new image.
  const onUuidRef = useRef(onUuid);
  useEffect(() => {
    onUuidRef.current = onUuid;
  }, [onUuid]);

  const refresh = useCallback(() => {
    getCaptcha()
      .then((captcha) => {
        setImage(`data:image/png;base64,${captcha.img}`);
        setFailed(false);
        onUuidRef.current(captcha.uuid);
      })
      .catch(() => setFailed(true));
  }, []);

  useImperativeHandle(ref, () => ({ refresh }), [refresh]);
  useEffect(() => refresh(), [refresh]);

  return (
    <div className="ks-captcha">
      <TextField
        label={t('auth.captcha')}
        autoComplete="off"
        inputMode="text"
        maxLength={12}
        error={error}
        testId="captcha-code"
        {...registration}
      />
      <button
        type="button"
        className="ks-captcha__image"
        onClick={refresh}
        aria-label={t('auth.captchaRefresh')}
        title={t('auth.captchaRefresh')}
        data-testid="captcha-image"
      >
        {image ? <img src={image} alt={t('auth.captchaImage')} width={160} height={56} /> : null}
        {failed || !image ? <RefreshCw aria-hidden="true" size={20} /> : null}
      </button>
    </div>
  );
}
