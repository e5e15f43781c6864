import { useCallback, useEffect, useState } from 'react';
import { getCaptcha, type Captcha } from '@tongxin/api-client';

/** The login page learns from the server whether a captcha is needed (no rebuild to turn it off). */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | undefined>();
  const refresh = useCallback(async () => {
    try {
      setCaptcha(await getCaptcha());
    } catch {
      setCaptcha(undefined);
    }
  }, []);
  useEffect(() => {
    let alive = true;
    getCaptcha().then(
      (c) => alive && setCaptcha(c),
      () => alive && setCaptcha(undefined),
    );
    return () => {
      alive = false;
    };
  }, []);
  return { captcha, enabled: captcha?.captchaEnabled ?? true, refresh };
}
