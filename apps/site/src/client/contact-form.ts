import { CONTACT_ERROR_SUMMARY, type TContactFormErrors, type TContactFormField } from '@ona/contracts';
import { contactFormErrors, type TContactFormValues, type TFieldRule } from './contact-form-rules.ts';

/**
 * The contact page's only script (progressive enhancement: without it the form posts as an
 * ordinary HTML form to the same address). It checks the form with the spec's messages, which the
 * page already carries, posts JSON and shows the same thank-you whatever the answer (spec §7).
 */
type TFieldInput = HTMLInputElement | HTMLTextAreaElement;

const fieldInputs = (form: HTMLFormElement) => [...form.querySelectorAll<TFieldInput>('[data-field]')];
const fieldOf = (input: TFieldInput) => input.dataset.field as TContactFormField;

/** The rules as the markup states them: required, maxlength, an e-mail input, a tick box. */
function rulesOf(form: HTMLFormElement): Partial<Record<TContactFormField, TFieldRule>> {
  return Object.fromEntries(
    fieldInputs(form).map((input) => [
      fieldOf(input),
      { required: input.required, tick: input.type === 'checkbox', email: input.type === 'email', ...(input.maxLength > 0 ? { maxLength: input.maxLength } : {}) },
    ]),
  );
}

function valuesOf(form: HTMLFormElement): TContactFormValues {
  return Object.fromEntries(fieldInputs(form).map((input) => [fieldOf(input), input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : input.value]));
}

/** The JSON the API takes (DECISIONS.md): empty optional fields left out, the honeypot and fill time added. */
function payloadOf(form: HTMLFormElement, startedAt: number): Record<string, unknown> {
  const values = valuesOf(form);
  const payload: Record<string, unknown> = { form_started_at: startedAt };
  for (const [field, value] of Object.entries(values)) if (value !== '') payload[field] = value;
  for (const name of ['website', 'language']) payload[name] = (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  return payload;
}

/** Shows the messages that apply and hides the others; marks the fields for assistive technology. */
function showErrors(form: HTMLFormElement, errors: TContactFormErrors): void {
  const shown = new Set(Object.entries(errors).map(([field, problem]) => `${field}:${problem}`));
  if (shown.size > 0) shown.add(CONTACT_ERROR_SUMMARY);
  for (const message of form.querySelectorAll<HTMLElement>('[data-problem]')) message.hidden = !shown.has(message.dataset.problem ?? '');
  for (const input of fieldInputs(form)) {
    if (errors[fieldOf(input)]) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

function enhance(form: HTMLFormElement): void {
  const startedAt = Date.now();
  const rules = rulesOf(form);
  const thanks = document.querySelector<HTMLElement>('[data-contact-thanks]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  let attempted = false;
  // The script's messages replace the browser's, which speak the browser's language, not the page's.
  form.noValidate = true;

  form.addEventListener('input', () => {
    if (attempted) showErrors(form, contactFormErrors(valuesOf(form), rules));
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    attempted = true;
    showErrors(form, contactFormErrors(valuesOf(form), rules));
    const firstInvalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (firstInvalid) {
      firstInvalid.focus();
      return;
    }
    if (button) {
      button.disabled = true;
      button.textContent = form.dataset.sendingLabel ?? button.textContent;
    }
    const done = () => {
      form.hidden = true;
      if (thanks) {
        thanks.hidden = false;
        thanks.focus();
      }
    };
    fetch(form.action, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(payloadOf(form, startedAt)) }).then(done, done);
  });
}

const contactForm = document.querySelector<HTMLFormElement>('form[data-contact-form]');
if (contactForm) enhance(contactForm);
