import { useEffect, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { loginByUsername, website } from '@tongxin/api-client';
import { problemOf, TENANT_ID_LABEL, tenantIdRule } from '@tongxin/resources';
import { useToastStore } from '../notify/toast-store';
import { completeLogin } from '../session/session-actions';
import { toI18nLanguage, useAppearanceStore } from '../theme/appearance-store';
import { useCaptcha } from './use-captcha';
import { useTenantDetection } from './use-tenant-detection';
import './login.css';

interface Fields {
  tenantId: string;
  username: string;
  password: string;
  code: string;
}

type Errors = Partial<Record<keyof Fields, string>>;

/** Login (docs/front-end.md#session-and-lock): plain elements, no antd, so /login loads little. */
export default function LoginPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const color = useAppearanceStore((s) => s.color);
  const language = useAppearanceStore((s) => s.language);
  const setLanguage = useAppearanceStore((s) => s.setLanguage);
  const { captcha, enabled: captchaEnabled, refresh } = useCaptcha();
  const { detectedTenantId, showTenantField } = useTenantDetection();
  const [fields, setFields] = useState<Fields>({
    tenantId: website.tenantId,
    username: '',
    password: '',
    code: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = t('login.title');
  }, [t]);

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));

  const validate = (): Errors => {
    const next: Errors = {};
    if (showTenantField && !fields.tenantId.trim()) next.tenantId = t('login.tenantIdRequired');
    else if (showTenantField) {
      // the tenant code's rule is the server's (rules/tenant-id.ts)
      const bad = problemOf(tenantIdRule, fields.tenantId, TENANT_ID_LABEL);
      if (bad) next.tenantId = language === 'en' ? bad.en : bad.zh;
    }
    if (!fields.username.trim()) next.username = t('login.usernameRequired');
    if (!fields.password) next.password = t('login.passwordRequired');
    if (captchaEnabled && !fields.code.trim()) next.code = t('login.captchaRequired');
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const res = await loginByUsername(
        {
          tenantId: detectedTenantId ?? fields.tenantId.trim(),
          username: fields.username.trim(),
          password: fields.password,
          captchaKey: captcha?.key,
          captchaCode: fields.code.trim(),
        },
        captchaEnabled,
      );
      completeLogin(res);
      useToastStore.setState({ toasts: [] });
      void navigate('/', { replace: true });
    } catch {
      // the server's error_description was shown by the http client; no login
      setFields((f) => ({ ...f, code: '' }));
      void refresh();
    } finally {
      setSubmitting(false);
    }
  };

  const switchLanguage = () => {
    const next = language === 'zh' ? 'en' : 'zh';
    setLanguage(next);
    void i18next.changeLanguage(toI18nLanguage(next));
  };

  const field = (name: keyof Fields, label: string, input: InputHTMLAttributes<HTMLInputElement>) => (
    <label className="tx-login-field">
      <span>{label}</span>
      <input name={name} value={fields[name]} onChange={set(name)} aria-invalid={!!errors[name]} {...input} />
      {errors[name] && <em role="alert">{errors[name]}</em>}
    </label>
  );

  return (
    <div className="tx-login" style={{ ['--tx-primary' as string]: color }}>
      <div className="tx-login-brand">
        <div className="tx-login-logo">{t('app.short')}</div>
        <h1>{t('app.name')}</h1>
        <p>{t('app.subtitle')}</p>
      </div>
      <form className="tx-login-card" onSubmit={(e) => void submit(e)} noValidate>
        <div className="tx-login-head">
          <h2>{t('login.welcome')}</h2>
          <button type="button" className="tx-login-lang" onClick={switchLanguage}>
            {t('login.language')}
          </button>
        </div>
        {showTenantField && field('tenantId', t('login.tenantId'), { autoComplete: 'organization' })}
        {field('username', t('login.username'), { autoComplete: 'username', autoFocus: true })}
        {field('password', t('login.password'), { type: 'password', autoComplete: 'current-password' })}
        {captchaEnabled && (
          <div className="tx-login-captcha">
            {field('code', t('login.captcha'), { autoComplete: 'off', maxLength: 8 })}
            {captcha?.image && (
              <img
                src={captcha.image}
                alt={t('login.captcha')}
                title={t('login.refreshCaptcha')}
                onClick={() => void refresh()}
              />
            )}
          </div>
        )}
        <button type="submit" className="tx-login-submit" disabled={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </div>
  );
}
