/**
 * The user-settings feature's effects (issue 9; spec 2 §2, §4, §7): the settings form machine provided once per tab
 * (edit, password, preferences) with the real loads, saves, the sign-on round trip of an expired session and
 * "Save and use", and the password reset e-mail. The views run one actor per visit.
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { COOKIE, NOPREFERENCE, type UserContext } from '../../../machines/lib/contract';
import { FIELD_MESSAGE, refusedFields } from '../../../machines/lib/fields';
import { loginUrl } from '../../../machines/lib/navigation/rules';
import { effectivePreference, inAppPath, type NavTarget } from '../../../machines/lib/rights';
import {
  editBody,
  editFormOf,
  passwordBody,
  passwordFormOf,
  preferenceServiceUrl,
  preferencesFormOf,
  PASSWORD_ERROR_UNIQUE,
  MSG,
  type EditForm,
  type PasswordForm,
  type PreferencesForm,
  type ResetEmailBody,
  type UserEditAnswer,
} from '../../../machines/lib/user-settings';
import {
  settingsFormMachine,
  type FormValues,
  type LoadedForm,
  type SaveOutcome,
  type SaveRequest,
} from '../../../machines/settingsForm.machine';
import { userEditQuery } from '../../api/user-settings/get-edit';
import { passwordSettingsQuery } from '../../api/user-settings/get-password';
import { preferencesQuery } from '../../api/user-settings/get-preferences';
import { userRightsQuery } from '../../api/user-settings/get-rights';
import { serviceUrlsQuery } from '../../api/user-settings/get-service-urls';
import { saveEdit } from '../../api/user-settings/save-edit';
import { savePassword } from '../../api/user-settings/save-password';
import { savePreferences } from '../../api/user-settings/save-preferences';
import { sendPasswordReset } from '../../api/user-settings/send-password-reset';
import { redirectBrowser, currentTarget } from '../../app/browser';
import { readCookie } from '../../app/cookies';
import type { PortalSystem } from '../../app/system';
import type { Shell } from '../shell';
import { keepDraft, takeDraft, wipeDrafts, type DraftTab } from './drafts';

export type SettingsFormLogic = ReturnType<typeof provideForm>;

export interface UserSettings {
  edit: SettingsFormLogic;
  password: SettingsFormLogic;
  preferences: SettingsFormLogic;
  /** POST user-settings/password/sendPasswordReset/ for the user shown (EDIT_ANY_USER) */
  sendPasswordReset: (user: UserEditAnswer) => Promise<void>;
}

/** The draft's values over the loaded ones, field by field where the kinds agree (a stale draft cannot break the form). */
function mergeDraft(loaded: object, draft: Record<string, unknown> | null): LoadedForm {
  if (!draft) return { values: loaded, restored: false };
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(loaded));
  for (const [k, v] of Object.entries(loaded)) {
    const d = draft[k];
    if (d === undefined) continue;
    const sameKind =
      typeof d === typeof v || (v === null && typeof d === 'object') || (d === null && typeof v === 'object');
    if (sameKind) values[k] = d;
  }
  return { values, restored: true };
}

interface FormEffects {
  tab: DraftTab;
  load: (subject: string) => Promise<object>;
  save: (req: SaveRequest) => Promise<SaveOutcome>;
  use?: (req: SaveRequest) => Promise<void>;
}

function provideForm(system: PortalSystem, effects: FormEffects) {
  return settingsFormMachine.provide({
    actors: {
      loadForm: fromPromise<LoadedForm, { subject: string }>(async ({ input }) =>
        mergeDraft(await effects.load(input.subject), takeDraft(effects.tab, input.subject)),
      ),
      saveForm: fromPromise<SaveOutcome, SaveRequest>(({ input }) => effects.save(input)),
      useSaved: fromPromise<void, SaveRequest>(({ input }) => (effects.use ? effects.use(input) : Promise.resolve())),
      // issue 9: the draft waits in sessionStorage while the security service signs the person on again
      signOnAgain: fromPromise<void, SaveRequest>(async ({ input }) => {
        keepDraft(effects.tab, input.subject, input.values);
        redirectBrowser(loginUrl(system.config.securityUrl, currentTarget()));
        await new Promise<never>(() => {}); // the browser is leaving
      }),
    },
  });
}

/** The edit view's fields with the rule whose message each shows when the server refuses it. */
const EDIT_FIELD_RULES = {
  firstName: null,
  lastName: null,
  email: FIELD_MESSAGE.email,
  mobile: FIELD_MESSAGE.phone,
  phone: FIELD_MESSAGE.phone,
  preferredLanguage: null,
  address: FIELD_MESSAGE.address,
} as const;

const asEdit = (v: FormValues) => v as EditForm;
const asPassword = (v: FormValues) => v as PasswordForm;
const asPreferences = (v: FormValues) => v as PreferencesForm;

export function isSelf(ctx: UserContext | null, subject: string): boolean {
  return ctx?.epitPrincipal?.representative.id === subject;
}

/** Rights and preference of the subject: one's own from the context, another user's from the server (spec 2 §6). */
async function rightsAndPreference(system: PortalSystem, subject: string) {
  const ctx = system.session.getSnapshot().context.userContext;
  if (isSelf(ctx, subject)) {
    const saved = system.queryClient.getQueryData(preferencesQuery(system.api, subject).queryKey);
    return {
      rights: Object.values(ctx?.epitPrincipal?.representationRightsCache ?? {}),
      preference: saved ?? effectivePreference(ctx),
    };
  }
  const [rights, preference] = await Promise.all([
    system.queryClient.fetchQuery(userRightsQuery(system.api, subject)),
    system.queryClient.fetchQuery(preferencesQuery(system.api, subject)),
  ]);
  return { rights: Object.values(rights), preference };
}

async function preferenceBody(system: PortalSystem, subject: string, form: PreferencesForm) {
  const { session, api, queryClient, config } = system;
  const { rights } = await rightsAndPreference(system, subject);
  const right = rights.find((r) => r.gid === form.represented) ?? null;
  const packagePrivateUrls = await queryClient.fetchQuery(serviceUrlsQuery(api));
  const s = session.getSnapshot().context;
  const serviceUrl = preferenceServiceUrl(form.service, right, {
    apiUrl: config.apiUrl,
    domain: s.domain,
    language: s.language,
    packagePrivateUrls,
  });
  if (serviceUrl === null) throw new Error('no package-private service URL for this domain');
  return { representedId: form.represented, serviceUrl };
}

/** spec 2 §4 "Save and use": switch the represented party (when one is chosen), then go to the service URL. */
function applySavedPreference(
  system: PortalSystem,
  switchRepresented: Shell['switchRepresented'],
  queryClient: QueryClient,
) {
  return async ({ subject, values }: SaveRequest) => {
    const form = asPreferences(values);
    const saved = queryClient.getQueryData(preferencesQuery(system.api, subject).queryKey);
    if (form.represented && form.represented !== NOPREFERENCE) await switchRepresented(form.represented);
    const url = saved?.serviceUrl;
    let target: NavTarget = { kind: 'dashboard' };
    if (url && url !== NOPREFERENCE) {
      const path = inAppPath(url);
      target = path === null ? { kind: 'redirect', url } : { kind: 'path', path };
    } else {
      const remembered = readCookie(COOKIE.target);
      if (remembered) {
        document.cookie = `${COOKIE.target}=; Max-Age=0; Path=/`;
        const path = inAppPath(remembered);
        target = path === null ? { kind: 'redirect', url: remembered } : { kind: 'path', path };
      }
    }
    system.navigator.navigateTo(target);
  };
}

export function wireUserSettings(system: PortalSystem, switchRepresented: Shell['switchRepresented']): UserSettings {
  const { api, queryClient, session } = system;
  session.on('session.loggedOut', wipeDrafts);

  const edit = provideForm(system, {
    tab: 'edit',
    load: async (subject) => editFormOf(await queryClient.fetchQuery(userEditQuery(api, subject))),
    save: async ({ subject, values }) => {
      try {
        await saveEdit(system, subject, editBody(asEdit(values)));
      } catch (error) {
        // a field the server refuses (an address the register does not know) is marked with its own message
        const fieldErrors = refusedFields(error, EDIT_FIELD_RULES);
        if (fieldErrors) return { fieldErrors };
        throw error;
      }
      return {};
    },
  });

  const password = provideForm(system, {
    tab: 'password',
    load: async (subject) => passwordFormOf(await queryClient.fetchQuery(passwordSettingsQuery(api, subject))),
    save: async ({ subject, values }) => {
      const form = asPassword(values);
      const answer = await savePassword(system, subject, passwordBody(form));
      if (answer.errorType === PASSWORD_ERROR_UNIQUE)
        return { fieldErrors: { username: { key: MSG.usernameNotUnique } } };
      const used = form.passwordUsed === 'yes';
      return { values: { ...form, password: '', repeat: '', passwordRequired: !used } };
    },
  });

  const preferences = provideForm(system, {
    tab: 'preferences',
    load: async (subject) => {
      const [{ rights, preference }, urls] = await Promise.all([
        rightsAndPreference(system, subject),
        queryClient.fetchQuery(serviceUrlsQuery(api)),
      ]);
      return preferencesFormOf(preference, rights, urls, new Date());
    },
    save: async ({ subject, values }) => {
      await savePreferences(system, subject, await preferenceBody(system, subject, asPreferences(values)));
      return {};
    },
    use: applySavedPreference(system, switchRepresented, queryClient),
  });

  return {
    edit,
    password,
    preferences,
    sendPasswordReset: (user) => {
      const body: ResetEmailBody = {
        fgid: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        personalCode: user.personalCode,
        personalCodeCountry: user.personalCodeCountry,
        email: user.email ?? '',
        language: user.preferredLanguage,
      };
      return sendPasswordReset(api, body);
    },
  };
}
