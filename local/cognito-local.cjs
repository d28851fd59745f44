// Starts cognito-local with its mail going to the local mail server. cognito-local only prints
// the messages it would send (verification codes, password resets) to its log; here each e-mail is
// also sent through the SES API to aws-ses-v2-local, from the sender the user pool names in AWS
// (COGNITO_MAIL_FROM: the site's name and the stack's address), so it appears in the local mail
// inbox as Cognito's own mail arrives through SES in AWS. The log keeps the printed copy.
//   node local/cognito-local.cjs      (in cognito-local's working directory, as its own start script)
const { dirname, join } = require('node:path');
const { SESv2Client, SendEmailCommand } = require('@aws-sdk/client-sesv2');

const cognitoLocal = dirname(require.resolve('cognito-local/package.json'));
const jwt = require(require.resolve('jsonwebtoken', { paths: [cognitoLocal] }));
const { ConsoleMessageSender } = require(join(cognitoLocal, 'lib/services/messageDelivery/consoleMessageSender.js'));

const ses = new SESv2Client({});
const printEmail = ConsoleMessageSender.prototype.sendEmail;

ConsoleMessageSender.prototype.sendEmail = async function sendEmail(ctx, user, destination, message) {
  await printEmail.call(this, ctx, user, destination, message);
  const html = message.emailMessage ?? `<p>Your verification code is <strong>${message.__code}</strong>.</p>`;
  try {
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: process.env.COGNITO_MAIL_FROM,
        Destination: { ToAddresses: [destination] },
        Content: {
          Simple: { Subject: { Data: message.emailSubject ?? 'Your verification code' }, Body: { Html: { Data: html } } },
        },
      }),
    );
  } catch (error) {
    // The code is still in the log above: sign-up goes on, as it would if SES bounced the mail.
    ctx.logger.error({ error: String(error) }, 'Could not pass the e-mail to the local mail server');
  }
};

// ChangePassword with a wrong current password: Cognito answers NotAuthorizedException, which
// the site's settings page reports as 'Current password is incorrect.'; cognito-local answers
// InvalidPasswordException (in AWS that one means a new password outside the policy). Answered
// here as Cognito does. cognito-local's ChangePassword checks nothing else that way.
const { Targets } = require(join(cognitoLocal, 'lib/targets/targets.js'));
const { CognitoError, NotAuthorizedError } = require(join(cognitoLocal, 'lib/errors.js'));
const changePassword = Targets.ChangePassword;
Targets.ChangePassword = (services) => {
  const change = changePassword(services);
  return async (ctx, req) => {
    try {
      return await change(ctx, req);
    } catch (error) {
      if (error && error.code === 'InvalidPasswordException') throw new NotAuthorizedError('Incorrect username or password.');
      throw error;
    }
  };
};

// A sign-in challenge is answered only as Cognito allows: a new password for a user created with a
// temporary one (AdminCreateUser, FORCE_CHANGE_PASSWORD), or an authenticator app's code for a user
// who turned one on. Cognito checks the password first and takes an answer only to the challenge it
// opened (named by the challenge's `Session` token), for that user; cognito-local skips the check of
// a temporary password (anyone knowing the address could set the password) and takes any Session,
// so a code alone, without the password, would sign in. Both are done here as Cognito does.
const ANSWERED_CHALLENGES = new Set(['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA']);
const openedChallenges = new Map(); // the challenge's Session token -> { name, username }
const initiateAuth = Targets.InitiateAuth;
Targets.InitiateAuth = (services) => {
  const start = initiateAuth(services);
  return async (ctx, req) => {
    const username = req.AuthParameters && req.AuthParameters.USERNAME;
    if (req.AuthFlow === 'USER_PASSWORD_AUTH' && username) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, username);
      if (user && user.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== req.AuthParameters.PASSWORD) {
        throw new NotAuthorizedError('Incorrect username or password.');
      }
    }
    const result = await start(ctx, req);
    if (ANSWERED_CHALLENGES.has(result.ChallengeName)) {
      openedChallenges.set(result.Session, { name: result.ChallengeName, username: result.ChallengeParameters.USER_ID_FOR_SRP });
    }
    return result;
  };
};

// An authenticator app's code counts once: Cognito refuses a code already used by the same user
// (to sign in, or to confirm the app), 'Your software token has already been used once.' Codes are
// remembered as long as cognito-local takes them (the window either side of the current one).
const usedCodes = new Map(); // `${username} ${code}` -> when it was used
const CODE_REMEMBERED_MS = 90_000;
const codeKey = (username, code) => `${username} ${code}`;
function refuseUsedCode(username, code) {
  const now = Date.now();
  for (const [key, at] of usedCodes) if (now - at > CODE_REMEMBERED_MS) usedCodes.delete(key);
  if (usedCodes.has(codeKey(username, code))) {
    throw new CognitoError('ExpiredCodeException', 'Your software token has already been used once.');
  }
}
const markCodeUsed = (username, code) => usedCodes.set(codeKey(username, code), Date.now());

const respondToAuthChallenge = Targets.RespondToAuthChallenge;
Targets.RespondToAuthChallenge = (services) => {
  const respond = respondToAuthChallenge(services);
  return async (ctx, req) => {
    if (ANSWERED_CHALLENGES.has(req.ChallengeName)) {
      const opened = openedChallenges.get(req.Session);
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = opened && (await pool.getUserByUsername(ctx, (req.ChallengeResponses || {}).USERNAME));
      if (!user || opened.name !== req.ChallengeName || user.Username !== opened.username) {
        throw new NotAuthorizedError('Invalid session for the user.');
      }
      // A refused answer leaves the challenge open for another try, as in Cognito.
      const code = req.ChallengeName === 'SOFTWARE_TOKEN_MFA' && req.ChallengeResponses.SOFTWARE_TOKEN_MFA_CODE;
      if (code) refuseUsedCode(user.Username, code);
      const result = await respond(ctx, req);
      openedChallenges.delete(req.Session);
      if (code) markCodeUsed(user.Username, code);
      return result;
    }
    return respond(ctx, req);
  };
};
const verifySoftwareToken = Targets.VerifySoftwareToken;
Targets.VerifySoftwareToken = (services) => {
  const verify = verifySoftwareToken(services);
  return async (ctx, req) => {
    const username = jwt.decode(req.AccessToken ?? '')?.username;
    refuseUsedCode(username, req.UserCode);
    const result = await verify(ctx, req);
    markCodeUsed(username, req.UserCode);
    return result;
  };
};

// ListUsers pages in Cognito: at most Limit users (60 at most, 60 when not given) and a
// PaginationToken while more follow. cognito-local answers every user at once and ignores both,
// so a page of the admin's people search would never end. Paged here as Cognito does, in a stable
// order (by username). The token names where the next page starts and is signed, since Cognito's
// tokens are opaque: one it never gave (or from before a restart) is refused, as there.
const { createHmac, randomBytes, timingSafeEqual } = require('node:crypto');
const { InvalidParameterError } = require(join(cognitoLocal, 'lib/errors.js'));
const tokenKey = randomBytes(32);
const signed = (after) => createHmac('sha256', tokenKey).update(after).digest();
const pageToken = (after) => `${Buffer.from(after).toString('base64url')}.${signed(after).toString('base64url')}`;
function startAfter(token) {
  const [encoded, signature] = String(token).split('.');
  const after = Buffer.from(encoded ?? '', 'base64url').toString('utf8');
  const given = Buffer.from(signature ?? '', 'base64url');
  const expected = signed(after);
  if (!after || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new InvalidParameterError('Invalid pagination token.');
  }
  return after;
}
const listUsers = Targets.ListUsers;
Targets.ListUsers = (services) => {
  const list = listUsers(services);
  return async (ctx, req) => {
    const limit = req.Limit ?? 60;
    if (!Number.isInteger(limit) || limit < 1 || limit > 60) {
      throw new InvalidParameterError('Limit must be between 1 and 60.');
    }
    const after = req.PaginationToken === undefined ? undefined : startAfter(req.PaginationToken);
    const { Users = [] } = await list(ctx, { ...req, Limit: undefined, PaginationToken: undefined });
    const sorted = [...Users].sort((a, b) => (a.Username < b.Username ? -1 : a.Username > b.Username ? 1 : 0));
    const start = after === undefined ? 0 : sorted.filter((user) => user.Username <= after).length;
    const page = sorted.slice(start, start + limit);
    const more = start + limit < sorted.length;
    return { Users: page, ...(more && { PaginationToken: pageToken(page[page.length - 1].Username) }) };
  };
};

// ResendConfirmationCode: a new code for an address not yet verified (the verification step's 'Send
// a new code', and a sign-in with such an address). cognito-local has no such target and answers
// that it is unsupported. Answered here as Cognito does: the new code replaces the one ConfirmSignUp
// checks, and goes out through the custom message trigger as CustomMessage_ResendCode. The address
// is masked in the answer, and one with no account gets the same answer and no mail, as the stack's
// client prevents user existence errors (`preventUserExistenceErrors` in infra/stack.ts).
const { selectAppropriateDeliveryMethod } = require(join(cognitoLocal, 'lib/services/messageDelivery/deliveryMethod.js'));
const masked = (email) => {
  const [name, domain = ''] = String(email).split('@');
  return `${name.charAt(0)}***@${domain.charAt(0)}***`;
};
Targets.ResendConfirmationCode =
  ({ clock, cognito, messages, otp }) =>
  async (ctx, req) => {
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    const sentTo = (email) => ({
      CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: masked(email) },
    });
    if (!user) return sentTo(req.Username);
    if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const deliveryDetails = selectAppropriateDeliveryMethod(pool.options.AutoVerifiedAttributes ?? [], user);
    if (!deliveryDetails) throw new InvalidParameterError('User has no attribute matching desired auto verified attributes');
    const code = otp();
    await messages.deliver(ctx, 'ResendCode', req.ClientId, pool.options.Id, user, code, req.ClientMetadata, deliveryDetails);
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
    return sentTo(deliveryDetails.Destination);
  };

// Signing a user out everywhere (GlobalSignOut with their own access token, or AdminUserGlobalSignOut
// by the site's administrator): Cognito revokes every refresh token the user holds, so no sign-in
// of theirs is renewed again. cognito-local has neither target. Done here as Cognito does; the
// site's API refuses the ID tokens issued before it on its own (functions/lib/sign-outs.ts).
const { UserNotFoundError } = require(join(cognitoLocal, 'lib/errors.js'));
async function revokeRefreshTokens(ctx, pool, username) {
  const user = await pool.getUserByUsername(ctx, username);
  if (!user) throw new UserNotFoundError('User does not exist.');
  await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
}
Targets.GlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const token = jwt.decode(req.AccessToken ?? '');
    if (!token || token.token_use !== 'access') throw new NotAuthorizedError('Invalid Access Token');
    return revokeRefreshTokens(ctx, await cognito.getUserPoolForClientId(ctx, token.client_id), token.username);
  };
Targets.AdminUserGlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) =>
    revokeRefreshTokens(ctx, await cognito.getUserPool(ctx, req.UserPoolId), req.Username);

// AdminSetUserMFAPreference: a user's second factor set by an operator, who turns off the
// authenticator app of a user that lost it (`npm run reset-two-step`). cognito-local has only the
// user's own SetUserMFAPreference. Done here as Cognito does for the authenticator app.
Targets.AdminSetUserMFAPreference =
  ({ cognito }) =>
  async (ctx, req) => {
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    const app = req.SoftwareTokenMfaSettings;
    if (!app) return {};
    if (app.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
      throw new InvalidParameterError('User has not verified software token mfa');
    }
    const methods = new Set(user.UserMFASettingList ?? []);
    if (app.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
    else methods.delete('SOFTWARE_TOKEN_MFA');
    const preferred =
      app.Enabled && app.PreferredMfa
        ? 'SOFTWARE_TOKEN_MFA'
        : methods.has(user.PreferredMfaSetting)
          ? user.PreferredMfaSetting
          : undefined;
    await pool.saveUser(ctx, { ...user, UserMFASettingList: [...methods], PreferredMfaSetting: preferred });
    return {};
  };

// ID tokens: Cognito's carry every standard attribute the client may read that the user has, so
// a member's `name`, `given_name` and `family_name` as typed at sign-up; cognito-local's carry only
// the e-mail and custom attributes. The names are added here, and the token signed again with
// cognito-local's own key, as the pool's key set serves it.
const { JwtTokenGenerator } = require(join(cognitoLocal, 'lib/services/tokenGenerator.js'));
const signingKey = require(join(cognitoLocal, 'lib/keys/cognitoLocal.private.json')).pem;
const NAME_CLAIMS = ['name', 'given_name', 'family_name'];
const generate = JwtTokenGenerator.prototype.generate;
JwtTokenGenerator.prototype.generate = async function generateWithNames(ctx, user, ...rest) {
  const tokens = await generate.call(this, ctx, user, ...rest);
  const names = (user.Attributes ?? []).filter((attribute) => NAME_CLAIMS.includes(attribute.Name) && attribute.Value);
  if (names.length === 0) return tokens;
  const { header, payload } = jwt.decode(tokens.IdToken, { complete: true });
  // A claim the token already has (one a pre-token-generation trigger set) stands, as in Cognito.
  const claims = { ...Object.fromEntries(names.map((attribute) => [attribute.Name, attribute.Value])), ...payload };
  return { ...tokens, IdToken: jwt.sign(claims, signingKey, { algorithm: header.alg, keyid: header.kid }) };
};

require(join(cognitoLocal, 'lib/bin/start.js'));
