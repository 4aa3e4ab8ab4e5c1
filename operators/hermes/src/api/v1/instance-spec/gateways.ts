// spec.gateways: the messaging platforms the agent serves.
import { Type } from 'typebox';
import { cel, withK8s } from '@agent-operators/runtime/crd';
import { imageRef, obj, oneOf, secretKeyRef, stringSet } from '../common.ts';

const enabled = (platform: string) => Type.Boolean({ description: `Serve ${platform}.`, default: false });

const allowedUsers = (env: string, what: string) =>
  Type.Optional(
    stringSet(
      `${what} allowed to talk to the agent (${env}). Unknown users are refused unless allow-listed or paired.`,
      256,
      { maxLength: 128 },
    ),
  );

const requires = (field: string, platform: string) =>
  cel(
    `!self.enabled || has(self.${field})`,
    `gateways.${platform}.enabled needs gateways.${platform}.${field}`,
    {
      fieldPath: `.${field}`,
      reason: 'FieldValueRequired',
    },
  );

export const TelegramGateway = withK8s(
  obj('Telegram bot. Long polling by default (no inbound traffic); webhook mode receives on port 8443.', {
    enabled: enabled('Telegram'),
    botTokenSecretRef: Type.Optional(
      secretKeyRef('The bot token (TELEGRAM_BOT_TOKEN).', 'TELEGRAM_BOT_TOKEN'),
    ),
    allowedUsers: allowedUsers('TELEGRAM_ALLOWED_USERS', 'Telegram user IDs or @usernames'),
    mode: Type.Optional(
      oneOf(['polling', 'webhook'], { description: 'How updates arrive.', default: 'polling' }),
    ),
    webhook: Type.Optional(
      obj(
        'Webhook mode settings (TELEGRAM_WEBHOOK_URL, _PORT, _SECRET); exposed through the Service and Ingress.',
        {
          url: Type.String({
            description: 'Public HTTPS URL Telegram posts to.',
            maxLength: 512,
            pattern: '^https://',
          }),
          port: Type.Optional(
            Type.Integer({ description: 'Container port.', minimum: 1, maximum: 65535, default: 8443 }),
          ),
          secretTokenSecretRef: Type.Optional(
            secretKeyRef(
              'Secret token Telegram sends with each update (TELEGRAM_WEBHOOK_SECRET).',
              'TELEGRAM_WEBHOOK_SECRET',
            ),
          ),
        },
      ),
    ),
  }),
  {
    validations: [
      requires('botTokenSecretRef', 'telegram'),
      cel(
        "self.mode != 'webhook' || has(self.webhook)",
        'gateways.telegram.mode webhook needs gateways.telegram.webhook',
        {
          fieldPath: '.webhook',
          reason: 'FieldValueRequired',
        },
      ),
    ],
  },
);

export const DiscordGateway = withK8s(
  obj('Discord bot (outbound connection only).', {
    enabled: enabled('Discord'),
    botTokenSecretRef: Type.Optional(secretKeyRef('The bot token (DISCORD_BOT_TOKEN).', 'DISCORD_BOT_TOKEN')),
    allowedUsers: allowedUsers('DISCORD_ALLOWED_USERS', 'Discord user IDs'),
    allowedRoles: Type.Optional(
      stringSet('Discord role IDs allowed to talk to the agent (DISCORD_ALLOWED_ROLES).', 64, {
        maxLength: 64,
      }),
    ),
  }),
  { validations: [requires('botTokenSecretRef', 'discord')] },
);

export const SlackGateway = withK8s(
  obj('Slack app in Socket Mode (no public URL needed).', {
    enabled: enabled('Slack'),
    botTokenSecretRef: Type.Optional(
      secretKeyRef('The bot token, xoxb-... (SLACK_BOT_TOKEN).', 'SLACK_BOT_TOKEN'),
    ),
    appTokenSecretRef: Type.Optional(
      secretKeyRef('The app-level token, xapp-... (SLACK_APP_TOKEN).', 'SLACK_APP_TOKEN'),
    ),
    allowedUsers: allowedUsers('SLACK_ALLOWED_USERS', 'Slack member IDs'),
  }),
  { validations: [requires('botTokenSecretRef', 'slack'), requires('appTokenSecretRef', 'slack')] },
);

export const WhatsAppGateway = obj(
  'WhatsApp. Pairs once by QR code (see the pod logs); the session lives on the data volume, so it needs ' +
    'storage.enabled. The Baileys bridge needs Node.js in the image.',
  {
    enabled: enabled('WhatsApp'),
    mode: Type.Optional(
      Type.String({
        description:
          'WHATSAPP_MODE passed to the agent (see the hermes-agent docs for the values of your version).',
        maxLength: 64,
      }),
    ),
    allowedUsers: allowedUsers('WHATSAPP_ALLOWED_USERS', 'Phone numbers'),
    cloudApi: Type.Optional(
      obj('WhatsApp Cloud API receiver (inbound on port 8090), instead of the paired bridge.', {
        accessTokenSecretRef: secretKeyRef('Cloud API access token.', 'WHATSAPP_ACCESS_TOKEN'),
        port: Type.Optional(
          Type.Integer({ description: 'Container port.', minimum: 1, maximum: 65535, default: 8090 }),
        ),
      }),
    ),
  },
);

export const SignalGateway = withK8s(
  obj('Signal, through a signal-cli daemon (run as a sidecar here, or reachable at httpUrl).', {
    enabled: enabled('Signal'),
    account: Type.Optional(
      Type.String({
        description: 'The registered Signal phone number (SIGNAL_ACCOUNT), e.g. +4915112345678.',
        pattern: '^\\+[1-9][0-9]{6,14}$',
      }),
    ),
    httpUrl: Type.Optional(
      Type.String({
        description: 'URL of an existing signal-cli daemon (SIGNAL_HTTP_URL). Unset: the sidecar.',
        maxLength: 512,
      }),
    ),
    allowedUsers: allowedUsers('SIGNAL_ALLOWED_USERS', 'Phone numbers'),
    sidecar: Type.Optional(
      obj(
        'A signal-cli daemon sidecar in the agent pod; its data (registration) is kept on the data volume.',
        {
          image: imageRef('signal-cli image with the HTTP daemon.'),
          port: Type.Optional(
            Type.Integer({ description: 'Daemon HTTP port.', minimum: 1, maximum: 65535, default: 8080 }),
          ),
        },
      ),
    ),
  }),
  {
    validations: [
      requires('account', 'signal'),
      cel(
        '!self.enabled || has(self.httpUrl) != has(self.sidecar)',
        'gateways.signal needs exactly one of httpUrl or sidecar',
        {
          reason: 'FieldValueInvalid',
        },
      ),
    ],
  },
);

export const GatewaysSpec = obj(
  'Messaging platforms. Tokens come from Secrets (each rotatable on its own; a change rolls the pod). ' +
    'Enabled gateways contribute config, env, ports and NetworkPolicy allowances.',
  {
    telegram: Type.Optional(TelegramGateway),
    discord: Type.Optional(DiscordGateway),
    slack: Type.Optional(SlackGateway),
    whatsapp: Type.Optional(WhatsAppGateway),
    signal: Type.Optional(SignalGateway),
  },
);
