import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  EARLY_ACTION_ATTRIBUTE,
  EARLY_FORM_ATTRIBUTE,
  earlyCustomerStart,
  earlyCustomerStartUsed,
} from '#src/lib/early-sign-in-state';
import { vi } from '#src/i18n/auth';
import {
  compactPhone,
  DEFAULT_RESEND_SECONDS,
  OTP_LENGTH,
  otpError,
  phoneError,
} from '#src/lib/form-rules';
import { ACCOUNT_LOCKED_CODE } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useSendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import {
  errorCode,
  fieldMessage,
  replyMessage,
  retryAfterSeconds,
  serverMessage,
  statusOf,
} from '../errors';
import { useCountdown } from '../hooks/use-countdown';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { FormError } from './locked-notice';

const text = vi.auth.customer;

interface Errors {
  phone?: string;
  code?: string;
}

/**
 * Spec 2.3: the phone, then 'get OTP code'; once a code is sent the phone is locked and the
 * code field, the login button and the resend link appear. One form for both steps, so Enter
 * does the step in view.
 */
export function CustomerLoginForm() {
  // What the sign-in script that runs before the app left on this form, when it did anything
  // (src/lib/early-sign-in-state.ts): the form goes on from there.
  const [start] = useState(earlyCustomerStart);
  const [phone, setPhone] = useState(start?.phone ?? '');
  const [code, setCode] = useState(start?.code ?? '');
  // The phone (spaces removed) the current code went to; null while still on the first step.
  const [sentTo, setSentTo] = useState<string | null>(start?.sentTo ?? null);
  const [errors, setErrors] = useState<Errors>(
    start?.error ? { [start.error.field]: start.error.message } : {},
  );
  // A refusal that is about the account, not what was typed (a locked account).
  const [formError, setFormError] = useState<string | undefined>();
  const [signedIn, setSignedIn] = useState(false);
  const phoneInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const resendCountdown = useCountdown();
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const finishSignIn = useFinishSignIn();

  const startCountdown = resendCountdown.start;
  useEffect(() => {
    if (!start) return;
    earlyCustomerStartUsed();
    const left = Math.ceil((start.resendAt - Date.now()) / 1000);
    if (left > 0) startCountdown(left);
    if (start.error?.field === 'phone') phoneInput.current?.focus();
    // The code field focuses itself as it appears.
  }, [start, startCountdown]);

  function requestCode() {
    const problem = phoneError(phone);
    if (problem) {
      setErrors({ phone: problem });
      phoneInput.current?.focus();
      return;
    }
    const target = sentTo ?? compactPhone(phone);
    setErrors({});
    sendOtp.mutate(
      { phone: target },
      {
        onSuccess: (reply) => {
          if (reply.success !== true) {
            toast.error(text.sendFailed);
            return;
          }
          toast.success(text.codeSent);
          resendCountdown.start(reply.data?.resend_after ?? DEFAULT_RESEND_SECONDS);
          setCode('');
          if (sentTo) codeInput.current?.focus();
          else setSentTo(target);
        },
        onError: (error) => {
          if (statusOf(error) === 429) {
            // Too soon or too many: the server says how long to wait, in its message and in
            // Retry-After.
            toast.error(serverMessage(error) ?? text.sendFailed);
            resendCountdown.start(retryAfterSeconds(error) ?? DEFAULT_RESEND_SECONDS);
            // The code sent a moment ago (before a reload, say) is still valid: let it be typed.
            if (!sentTo && errorCode(error) === 'OTP_RESEND_TOO_SOON') setSentTo(target);
            return;
          }
          toast.error(text.sendFailed);
          const phoneProblem = fieldMessage(error, 'phone');
          if (phoneProblem && !sentTo) {
            setErrors({ phone: phoneProblem });
            phoneInput.current?.focus();
          }
        },
      },
    );
  }

  function signIn(target: string) {
    const problem = otpError(code);
    if (problem) {
      setErrors({ code: problem });
      codeInput.current?.focus();
      return;
    }
    setErrors({});
    setFormError(undefined);
    verifyOtp.mutate(
      { phone: target, otp_code: code.trim() },
      {
        onSuccess: (reply) => {
          const data = reply.data;
          if (reply.success !== true || !data?.customer || !data.tokens) {
            toast.error(replyMessage(reply) ?? text.wrongCode);
            return;
          }
          setSignedIn(true);
          finishSignIn({ user: data.customer, tokens: data.tokens, userType: 'customer' });
        },
        onError: (error) => {
          if (errorCode(error) === ACCOUNT_LOCKED_CODE) {
            // The right code of a locked account (docs/decisions/043): say so in the form.
            setFormError(serverMessage(error) ?? vi.auth.locked);
            return;
          }
          // No answer at all is not a wrong code: say so (spec section 8, 'General').
          toast.error(
            statusOf(error) === undefined
              ? vi.http.noResponse
              : (serverMessage(error) ?? text.verifyFailed),
          );
          codeInput.current?.focus();
          codeInput.current?.select();
        },
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendOtp.isPending || verifyOtp.isPending || signedIn) return;
    // Enter in the phone field while the server still asks to wait.
    if (!sentTo && resendCountdown.remaining > 0) return;
    if (sentTo) signIn(sentTo);
    else requestCode();
  }

  function changePhone() {
    setSentTo(null);
    setCode('');
    setErrors({});
    resendCountdown.reset();
    // A read-only field takes focus too; it is editable again after this render.
    phoneInput.current?.focus();
  }

  const waiting = resendCountdown.remaining;
  const busy = sendOtp.isPending || verifyOtp.isPending || signedIn;

  return (
    <form noValidate onSubmit={onSubmit} {...{ [EARLY_FORM_ATTRIBUTE]: 'customer' }}>
      <Stack gap="md">
        <TextInput
          ref={phoneInput}
          name="phone"
          label={text.phone}
          placeholder={text.phonePlaceholder}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          aria-required
          value={phone}
          onChange={(event) => {
            setPhone(event.currentTarget.value);
            setErrors((current) => ({ ...current, phone: undefined }));
          }}
          readOnly={sentTo !== null}
          variant={sentTo !== null ? 'filled' : 'default'}
          error={errors.phone}
        />
        {sentTo === null ? (
          <Button type="submit" fullWidth loading={sendOtp.isPending} disabled={waiting > 0}>
            {waiting > 0 ? text.getCodeIn(waiting) : text.getCode}
          </Button>
        ) : (
          <>
            <TextInput
              ref={codeInput}
              name="code"
              label={text.code}
              description={text.codeHint}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              aria-required
              // Appears after a click on 'get OTP code': the code is what the user types next.
              autoFocus
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setErrors((current) => ({ ...current, code: undefined }));
              }}
              error={errors.code}
            />
            <FormError message={formError} />
            <Button type="submit" fullWidth loading={verifyOtp.isPending || signedIn}>
              {text.submit}
            </Button>
            <Group justify="space-between" gap="xs">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={changePhone}
                {...{ [EARLY_ACTION_ATTRIBUTE]: 'change-phone' }}
                disabled={busy}
              >
                {text.changePhone}
              </Anchor>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={requestCode}
                {...{ [EARLY_ACTION_ATTRIBUTE]: 'resend' }}
                disabled={busy || waiting > 0}
                c={busy || waiting > 0 ? 'dimmed' : undefined}
              >
                {waiting > 0 ? text.resendIn(waiting) : text.resend}
              </Anchor>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}
