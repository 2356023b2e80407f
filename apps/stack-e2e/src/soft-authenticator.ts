// The software WebAuthn authenticator of the API tests lives in libs/testing (unit specs use it
// too); the browser tests use Chromium's virtual authenticator.
export {
  type AssertionOptions,
  type CreationOptionsJson,
  type RequestOptionsJson,
  SoftAuthenticator,
} from '@custody/testing';
