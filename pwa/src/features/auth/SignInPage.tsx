/** Sign in (spec 000 sections 2, 5 and 8). */
import { Button, Classes, FormGroup, InputGroup, Tooltip } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useState, type JSX } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { EMPTY_FIELDS, signInErrorMessage } from './sign-in-messages';
import { SignInAlert, SignInFrame } from './SignInFrame';

interface Credentials {
  email: string;
  password: string;
}

export default function SignInPage(): JSX.Element {
  const { status, signIn, notice } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);

  if (status === 'authenticated') return <Redirect to={paths.home} />;

  const submit = async (values: Credentials, helpers: FormikHelpers<Credentials>) => {
    const email = values.email.trim();
    if (!email || !values.password) {
      setError(EMPTY_FIELDS);
      return;
    }
    setError(null);
    try {
      await signIn(email, values.password);
      navigate(paths.home, { replace: true });
    } catch (err) {
      setError(signInErrorMessage(err));
      void helpers.setFieldValue('password', '', false);
    }
  };

  return (
    <SignInFrame
      title="Bienvenido de nuevo"
      caption={
        <>
          <strong>Captaciones sin límites</strong>
          <span>Registra propiedades en campo, con o sin conexión.</span>
        </>
      }
    >
      <p className={Classes.TEXT_MUTED}>Ingresa tu correo electrónico y tu contraseña para continuar.</p>
      <Formik<Credentials> initialValues={{ email: '', password: '' }} onSubmit={submit}>
        {({ values, handleChange, handleBlur, handleSubmit, submitForm, isSubmitting }) => (
          <form noValidate onSubmit={handleSubmit} aria-label="Iniciar sesión">
            {notice && !error && <SignInAlert intent="warning" icon="warning-sign" text={notice} />}
            {error && <SignInAlert intent="danger" icon="error" text={error} />}
            <FormGroup label="Correo electrónico" labelFor="signin-email">
              <InputGroup
                id="signin-email"
                name="email"
                type="email"
                size="large"
                leftIcon="envelope"
                autoComplete="username"
                autoFocus
                placeholder="nombre@empresa.com"
                value={values.email}
                onChange={handleChange}
                onBlur={handleBlur}
              />
            </FormGroup>
            <FormGroup label="Contraseña" labelFor="signin-password">
              <InputGroup
                id="signin-password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                size="large"
                leftIcon="lock"
                autoComplete="current-password"
                value={values.password}
                onChange={handleChange}
                onBlur={handleBlur}
                onKeyDown={(e) => {
                  // Spec: Enter in the password field submits (explicit, so it never depends on the browser).
                  if (e.key === 'Enter' && !isSubmitting) {
                    e.preventDefault();
                    void submitForm();
                  }
                }}
                rightElement={
                  <Tooltip content={showPassword ? 'Ocultar clave' : 'Mostrar clave'}>
                    <Button
                      variant="minimal"
                      icon={showPassword ? 'eye-off' : 'eye-open'}
                      aria-label={showPassword ? 'Ocultar clave' : 'Mostrar clave'}
                      aria-pressed={showPassword}
                      onClick={() => setShowPassword((v) => !v)}
                    />
                  </Tooltip>
                }
              />
            </FormGroup>
            <Button type="submit" intent="primary" size="large" fill loading={isSubmitting} icon="log-in">
              Iniciar sesión
            </Button>
          </form>
        )}
      </Formik>
    </SignInFrame>
  );
}
