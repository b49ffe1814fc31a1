// Labelled form inputs with 422 messages under each field (per field, joined by line breaks; docs/domain/browser-app.md,
// "Errors and notices").
import { Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { Fragment, useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError, type FieldErrors } from '../api/errors';

export function ErrorLines({ messages }: { messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <>
      {messages.map((message, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {message}
        </Fragment>
      ))}
    </>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'search';
  errors?: readonly string[];
  autoComplete?: string;
  required?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  helperText?: ReactNode;
  inputMode?: 'text' | 'numeric' | 'email';
  maxLength?: number;
  rightElement?: React.JSX.Element;
}

export function TextField(props: TextFieldProps) {
  const { id, label, value, onChange, errors, helperText, type = 'text', ...input } = props;
  const invalid = Boolean(errors?.length);
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      helperText={invalid ? <ErrorLines messages={errors} /> : helperText}
    >
      <InputGroup
        id={id}
        name={id}
        type={type}
        value={value}
        onValueChange={onChange}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid || undefined}
        {...input}
      />
    </FormGroup>
  );
}

/** The overall message of a failed submit (422 message, 429, other 4xx) in a Callout. */
export function FormMessage({ message, intent = Intent.DANGER }: { message: string | null; intent?: Intent }) {
  if (!message) return null;
  return (
    <Callout intent={intent} role={intent === Intent.DANGER ? 'alert' : 'status'} className="hw-form-message">
      {message}
    </Callout>
  );
}

/** Form error state fed from an ApiError: field messages for 422, the overall message otherwise. */
export function useFormErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  const clear = useCallback(() => {
    setErrors({});
    setMessage(null);
  }, []);

  const fromError = useCallback((error: unknown) => {
    if (!isApiError(error)) {
      setErrors({});
      setMessage(error instanceof Error ? error.message : null);
      return;
    }
    setErrors(error.status === 422 ? error.errors : {});
    // 5xx, 403 and network failures already showed a notice at the top.
    setMessage(error.notified ? null : error.message);
  }, []);

  return { errors, message, clear, fromError, setMessage };
}

/**
 * A form's submit: clears the messages, marks it busy, runs the action; a failure puts the server's messages on
 * the form (422 per field) and ends busy. On success the form stays busy (the page usually moves on).
 */
export function useFormSubmit() {
  const form = useFormErrors();
  const [busy, setBusy] = useState(false);
  const handle = (action: () => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    form.clear();
    setBusy(true);
    try {
      await action();
    } catch (error) {
      form.fromError(error);
      setBusy(false);
    }
  };
  return { form, busy, setBusy, handle };
}
