/**
 * The user-settings feature's effects (spec 2 §2, §4, §7): the settings form machine provided once per tab (edit,
 * password, preferences) with the real loads and saves, the service "Save and use" opens, and the password reset
 * e-mail. The portal's pages machine runs one form actor per visit of a tab (useSettingsForm); it keeps a draft over
 * a sign-on and switches the party for "Save and use".
 */
import { fromPromise } from 'xstate';
import { refusedFields } from '../../../domain/fields';
import { type NavTarget } from '../../../domain/rights';
import {
  EDIT_FIELD_RULES,
  editBody,
  isSelf,
  partyOfPreference,
  savedServiceTarget,
  editFormOf,
  currentPasswordRefusal,
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
} from '../../../domain/user-settings';
import { preferenceUseMachine, type ServiceRequest } from '../../../machines/preferenceUse.machine';
import {
  settingsFormMachine,
  type FormValues,
  type LoadedForm,
  type SaveOutcome,
  type SaveRequest,
} from '../../../machines/settingsForm.machine';
import { getVersionedEdit } from '../../api/user-settings/get-edit';
import { passwordSettingsQuery } from '../../api/user-settings/get-password';
import { getVersionedPreferences } from '../../api/user-settings/get-preferences';
import { userRightsQuery } from '../../api/user-settings/get-rights';
import { serviceUrlsQuery } from '../../api/user-settings/get-service-urls';
import { saveEdit } from '../../api/user-settings/save-edit';
import { savePassword } from '../../api/user-settings/save-password';
import { savePreferences } from '../../api/user-settings/save-preferences';
import { sendPasswordReset } from '../../api/user-settings/send-password-reset';
import { takeTargetCookie } from '../../app/cookies';
import type { PortalCore } from '../../app/portal';

export type SettingsFormLogic = ReturnType<typeof provideForm>;

export interface UserSettings {
  edit: SettingsFormLogic;
  password: SettingsFormLogic;
  preferences: SettingsFormLogic;
  /** POST user-settings/password/sendPasswordReset/ for the user shown (EDIT_ANY_USER) */
  sendPasswordReset: (user: UserEditAnswer) => Promise<void>;
}

/** The tabs whose form is a settings form (their drafts are kept under the tab and the subject). */
export type SettingsTab = 'edit' | 'password' | 'preferences';

interface FormEffects {
  /** the form's values, with the record's version where others may edit it at the same time */
  load: (subject: string) => Promise<LoadedForm>;
  save: (req: SaveRequest) => Promise<SaveOutcome>;
  findService?: (req: ServiceRequest) => Promise<NavTarget>;
}

function provideForm(effects: FormEffects) {
  return settingsFormMachine.provide({
    actors: {
      loadForm: fromPromise<LoadedForm, { subject: string }>(({ input }) => effects.load(input.subject)),
      saveForm: fromPromise<SaveOutcome, SaveRequest>(({ input }) => effects.save(input)),
      preferenceUse: preferenceUseMachine.provide({
        actors: {
          findService: fromPromise<NavTarget, ServiceRequest>(({ input }) =>
            effects.findService ? effects.findService(input) : Promise.resolve({ kind: 'dashboard' }),
          ),
        },
      }),
    },
  });
}

const asEdit = (v: FormValues) => v as EditForm;
const asPassword = (v: FormValues) => v as PasswordForm;
const asPreferences = (v: FormValues) => v as PreferencesForm;

/** Representation rights of the subject: one's own from the context, another user's from the server (spec 2 §6). */
async function subjectRights(system: PortalCore, subject: string) {
  const ctx = system.session.getSnapshot().context.userContext;
  if (isSelf(ctx, subject)) return Object.values(ctx?.epitPrincipal?.representationRightsCache ?? {});
  return Object.values(await system.queryClient.fetchQuery(userRightsQuery(system.api, subject)));
}

async function preferenceBody(system: PortalCore, subject: string, form: PreferencesForm) {
  const { session, api, queryClient, config } = system;
  const rights = await subjectRights(system, subject);
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

/** spec 2 §4 "Save and use": where the preference just saved leads (whether or not it became the cached one). */
function savedService(system: PortalCore) {
  return async ({ subject, values }: ServiceRequest): Promise<NavTarget> =>
    savedServiceTarget((await preferenceBody(system, subject, asPreferences(values))).serviceUrl, takeTargetCookie);
}

/** "Save and use" acts for the chosen party first, unless none was chosen. */
export const partyOfPreferences = (values: FormValues): string | null =>
  partyOfPreference(asPreferences(values).represented);

export function wireUserSettings(system: PortalCore): UserSettings {
  const { api, queryClient } = system;

  const edit = provideForm({
    // from the server with its version: the person and staff may edit the same data at once (a stale save is 412)
    load: async (subject) => {
      const { answer, etag } = await getVersionedEdit(system, subject);
      return { values: editFormOf(answer), version: etag };
    },
    save: async ({ subject, values, version }) => {
      let saved: string | null = null;
      try {
        await saveEdit(system, subject, editBody(asEdit(values)), {
          ifMatch: version,
          onETag: (etag) => (saved = etag),
        });
      } catch (error) {
        // a field the server refuses (an address the register does not know) is marked with its own message
        const fieldErrors = refusedFields(error, EDIT_FIELD_RULES);
        if (fieldErrors) return { fieldErrors };
        throw error;
      }
      return { version: saved };
    },
  });

  const password = provideForm({
    load: async (subject) => ({
      values: passwordFormOf(await queryClient.fetchQuery(passwordSettingsQuery(api, subject))),
    }),
    save: async ({ subject, values }): Promise<SaveOutcome> => {
      const form = asPassword(values);
      let answer;
      try {
        answer = await savePassword(system, subject, passwordBody(form));
      } catch (error) {
        // a wrong current password (or the sign-on throttle's wait after several) is marked on its field; nothing
        // was saved and everything typed stays
        const refused = currentPasswordRefusal(error);
        if (refused) return { fieldErrors: { currentPassword: { key: refused } } };
        throw error;
      }
      if (answer.errorType === PASSWORD_ERROR_UNIQUE)
        return { fieldErrors: { username: { key: MSG.usernameNotUnique } } };
      const used = form.passwordUsed === 'yes';
      return { values: { ...form, password: '', repeat: '', currentPassword: '', passwordRequired: !used } };
    },
  });

  const preferences = provideForm({
    // the stored preference with its version, also one's own (not the portal's cached copy, spec 2 §4): the person
    // and staff may change it at once, and a save based on another version than the one shown is refused (412)
    load: async (subject) => {
      const [rights, { answer, etag }, urls] = await Promise.all([
        subjectRights(system, subject),
        getVersionedPreferences(system, subject),
        queryClient.fetchQuery(serviceUrlsQuery(api)),
      ]);
      return { values: preferencesFormOf(answer, rights, urls, new Date()), version: etag };
    },
    save: async ({ subject, values, version }) => {
      let saved: string | null = null;
      await savePreferences(system, subject, await preferenceBody(system, subject, asPreferences(values)), {
        ifMatch: version,
        onETag: (etag) => (saved = etag),
      });
      return { version: saved };
    },
    findService: savedService(system),
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
