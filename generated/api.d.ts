// Generated from spec/ by `npm run gen`. Do not edit by hand.
export type paths = {
    "/api/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password; ends every other session */
        post: operations["Account_changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/check-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Is this e-mail address free? (case-insensitive) */
        get: operations["PublicAccount_checkEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/check-username": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Is this username free? (case-insensitive) */
        get: operations["PublicAccount_checkUsername"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's device sessions */
        get: operations["Account_listDevices"];
        put?: never;
        post?: never;
        /** Log out every device except the current one */
        delete: operations["Account_logoutOtherDevices"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/devices/{device_id}/trust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Mark a device trusted (it skips the 2FA step) or not */
        patch: operations["Account_trustDevice"];
        trace?: never;
    };
    "/api/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password reset link (same answer whether or not the address exists) */
        post: operations["PublicAccount_forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with username or e-mail
         * @description Each login opens a device session (`device_id`), or resumes the one named by `device_id` + `device_secret`.
         *     Wrong credentials are 401 `invalid credentials` whether the user is unknown or the password wrong. With 2FA on
         *     and the device not trusted, the answer is `{requires_2fa: true, two_factor_token}` and no tokens; a wrong
         *     `device_secret` is ignored (a new device, 2FA asked). Failed attempts are limited per account and per client
         *     address (429 `too many failed attempts; try again later`), except for a trusted device of the account.
         */
        post: operations["PublicAccount_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login/2fa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Second step of a login with 2FA */
        post: operations["PublicAccount_login2fa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session of the given refresh token, or the caller's own */
        post: operations["Account_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's own user record */
        get: operations["Account_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/push-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register this device session's push notification token */
        post: operations["Account_setPushToken"];
        /** Remove this device session's push token */
        delete: operations["Account_deletePushToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate a refresh token into new tokens */
        post: operations["PublicAccount_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account; answers tokens for a first device session. Sign-ups are limited per client address (429), or closed (403) */
        post: operations["PublicAccount_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/resend-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the verification mail again (same answer whether or not the address exists) */
        post: operations["PublicAccount_resendVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the token from the mail; ends every session of the account */
        post: operations["PublicAccount_resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/send-test-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test e-mail to the caller (service admins) */
        post: operations["Account_sendTestEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/toggle-2fa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set up, confirm or turn off TOTP two-factor authentication */
        post: operations["Account_toggle2fa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an e-mail address with the token from the mail */
        post: operations["PublicAccount_verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bot/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the bot's registered commands */
        get: operations["Commands_list"];
        /**
         * Replace the bot's whole command registry
         * @description Full replacement: commands missing from the body are deleted, and a repeated identical PUT changes nothing.
         *     Names are trimmed and lowercased; a command's `version` starts at 1 and grows only when its description or
         *     options change; `enabled` is kept (new commands start enabled). 400 for: duplicate names after normalisation,
         *     a name with characters outside `a-z0-9_-`, a description empty after trimming, an optional option before a
         *     required one (`required options must come before optional ones`), an unknown option type (`bad option type`),
         *     choices, min or max on a type without them. 422 for lengths and counts (more than 100 commands, 25 options or
         *     25 choices).
         */
        put: operations["Commands_put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bot/commands/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one command by its normalised name */
        delete: operations["Commands_remove"];
        options?: never;
        head?: never;
        /** Enable or disable one command */
        patch: operations["Commands_setEnabled"];
        trace?: never;
    };
    "/api/bot/interactions/respond": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an ephemeral reply to the invoker of a command */
        post: operations["Respond_respond"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bot/spaces/{space_id}/channels/{channel_id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bot and service messages of the channel, newest first (never users' encrypted messages) */
        get: operations["BotMessages_list"];
        put?: never;
        /** Send a message as the bot (scope `messages.send`) */
        post: operations["BotMessages_send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bot/spaces/{space_id}/messages/{message_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a message: the bot's own needs `messages.delete.own`, another author's `moderation.messages` */
        delete: operations["BotMessageActions_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bot/spaces/{space_id}/messages/{message_id}/reactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a reaction (scope `messages.react`); repeating it is a no-op */
        post: operations["BotMessageActions_react"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bot/spaces/{space_id}/voice/{channel_id}/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Voice room credentials for the bot (body optional and ignored) */
        post: operations["BotVoice_join"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's bots */
        get: operations["Accounts_list"];
        put?: never;
        /** Create a bot owned by the caller; the token is shown this once */
        post: operations["Accounts_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{bot_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller's bots */
        get: operations["Accounts_get"];
        put?: never;
        post?: never;
        /** Delete a bot (owner): its state becomes `deleted` and its token stops at once */
        delete: operations["Accounts_remove"];
        options?: never;
        head?: never;
        /** Change a bot's username, display name or description (owner) */
        patch: operations["Accounts_update"];
        trace?: never;
    };
    "/api/bots/{bot_id}/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audit rows about the bot or done by it, newest first (owner) */
        get: operations["Accounts_auditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{bot_id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend a bot (service admins) */
        post: operations["Accounts_suspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{bot_id}/token/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new token (owner); the old one stops at once */
        post: operations["Accounts_rotateToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{bot_id}/unsuspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lift a suspension (service admins) */
        post: operations["Accounts_unsuspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{bot_id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's webhooks (no secrets) */
        get: operations["Webhooks_list"];
        put?: never;
        /** Create a webhook for one of the caller's bots; the secret is shown once */
        post: operations["Webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{bot_id}/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a webhook */
        delete: operations["Webhooks_remove"];
        options?: never;
        head?: never;
        /** Change a webhook's URL or events */
        patch: operations["Webhooks_update"];
        trace?: never;
    };
    "/api/bots/{bot_id}/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook's deliveries, newest first */
        get: operations["Webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{bot_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Attempt a delivery again now, keeping its id */
        post: operations["Webhooks_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{bot_id}/webhooks/{webhook_id}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.ping event now
         * @description Ping and redeliver together: at most 10 per minute per webhook (429 with `Retry-After`).
         */
        post: operations["Webhooks_ping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{bot_id}/webhooks/{webhook_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New secret; the old one stays valid for 24 hours (400 for a socket webhook, which has none) */
        post: operations["Webhooks_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/{space_id}/{channel_id}/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Enabled commands of the bots installed with `commands` and access to this channel */
        get: operations["Commands_catalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/{space_id}/{channel_id}/commands/invoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invoke a bot's slash command
         * @description Checks, in this order: caller membership and channel (404), caller muted (403 `you are muted`),
         *     bot membership and states (404 `bot not found in this space`),
         *     channel access (403 `bot has no access to this channel`), scope (403 `missing scope: commands`),
         *     command (404 `unknown command`), options (400: a required one missing, a value that does not coerce to its
         *     type, not among the choices, below min or above max, or more than 1024 UTF-8 bytes in all), then the limit of
         *     20 per 60 s per (user, bot) (429, `Retry-After: 60`). On success the `command.invoked` event goes to the target bot only.
         */
        post: operations["Commands_invoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/{space_id}/{channel_id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages of the channel, newest first; page with `before` (the oldest id of the previous page) */
        get: operations["Messages_list"];
        put?: never;
        /**
         * Post an end-to-end encrypted message
         * @description A muted member cannot post (403 `you are muted`). At most 10 per (user, channel) per 10 s:
         *     429 `msg:user:<user_id>:<channel_id> > 10/10s`, `Retry-After: 10`.
         */
        post: operations["Messages_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/{space_id}/{channel_id}/messages/{message_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a message (its author, or a moderator and above) */
        delete: operations["Messages_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/e2e/channels/{channel_id}/commits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Commits that moved the group past `since`, oldest first
         * @description A page stops adding commits once its body would pass 4 MiB; ask again with `since` until an empty page.
         */
        get: operations["ChannelGroups_commits"];
        put?: never;
        /**
         * Post the commit for the current epoch; exactly one commit wins each epoch (409 stale epoch otherwise)
         * @description At most 30 commits per (user, channel) per 60 s, stale ones included: 429 `e2e:commit:<user_id>:<channel_id> > 30/60s`, `Retry-After: 60`.
         */
        post: operations["ChannelGroups_commit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/e2e/channels/{channel_id}/group": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The channel group's epoch and latest GroupInfo */
        get: operations["ChannelGroups_group"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/e2e/key-packages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload one-time KeyPackages (and optionally the last-resort one) for the caller's device */
        post: operations["KeyPackages_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/e2e/key-packages/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Claim one KeyPackage per active device of each user (each one-time package is given out once) */
        post: operations["KeyPackages_claim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/e2e/key-packages/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many one-time KeyPackages the caller's device has left */
        get: operations["KeyPackages_count"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/e2e/welcomes/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take up to 20 of the Welcomes kept for the caller's device (newest first); each is answered once */
        post: operations["Welcomes_claim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's spaces (kept for backward compatibility; same as /my) */
        get: operations["Spaces_list"];
        put?: never;
        /** Create a space; the caller becomes its owner; it starts with `general` (text) and `voice` (voice) */
        post: operations["Spaces_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public spaces */
        get: operations["Spaces_discover"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/join/invite/{invite_code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Alias of /join/{invite_code} */
        post: operations["Spaces_joinByInviteAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/join/{invite_code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join a space by its invite code (either visibility) */
        post: operations["Spaces_joinByInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/my": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's spaces */
        get: operations["Spaces_my"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/preview/{invite_code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A space's preview by invite code (no authentication) */
        get: operations["PublicSpaces_preview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/requests/{request_id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a join request: the requester becomes a member (admin or owner) */
        post: operations["Spaces_approveRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/requests/{request_id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a join request (admin or owner) */
        post: operations["Spaces_rejectRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public spaces and the caller's own whose name contains `q` (case-insensitive) */
        get: operations["Spaces_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A space */
        get: operations["Spaces_get"];
        put?: never;
        post?: never;
        /** Delete a space (owner) */
        delete: operations["Spaces_delete"];
        options?: never;
        head?: never;
        /** Change a space (admin or owner) */
        patch: operations["Spaces_update"];
        trace?: never;
    };
    "/api/spaces/{space_id}/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audit rows of a space, newest first (admin or owner) */
        get: operations["SpaceAudit_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bots installed in the space (members see active ones; admins see all) */
        get: operations["Installs_list"];
        put?: never;
        /** Install a bot the caller owns (space admin or owner) */
        post: operations["Installs_install"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/bots/{bot_user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Uninstall: the membership becomes `revoked` and the bot leaves the space (space admin or owner) */
        delete: operations["Installs_uninstall"];
        options?: never;
        head?: never;
        /** Change a bot's scopes, channels or membership state (space admin or owner) */
        patch: operations["Installs_update"];
        trace?: never;
    };
    "/api/spaces/{space_id}/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A space's channels by position */
        get: operations["Channels_list"];
        put?: never;
        /** Create a channel (admin or owner) */
        post: operations["Channels_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/channels/{channel_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a channel (admin or owner) */
        delete: operations["Channels_delete"];
        options?: never;
        head?: never;
        /** Change a channel (admin or owner) */
        patch: operations["Channels_update"];
        trace?: never;
    };
    "/api/spaces/{space_id}/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join a public space (idempotent) */
        post: operations["Spaces_join"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave a space (the owner cannot)
         * @description The owner cannot leave: 400 `owner cannot leave; transfer ownership or delete the space`.
         */
        post: operations["Spaces_leave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members with fresh presence, newest first, a page at a time
         * @description Paged by keyset: at most `limit` members, newest first; the next page with `before` = the last `member_id` of
         *     this one (the members who joined before that one), until a page shorter than `limit`. A page costs the same
         *     whatever the size of the space.
         */
        get: operations["Members_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/members/{member_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Kick a member (moderator and above, lower ranks only) */
        delete: operations["Members_kick"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/members/{member_id}/display-role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set or clear a display role (admin or owner, or the member itself) */
        patch: operations["Members_updateDisplayRole"];
        trace?: never;
    };
    "/api/spaces/{space_id}/members/{member_id}/mute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mute a member for a while (moderator and above, lower ranks only) */
        post: operations["Members_mute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/members/{member_id}/nickname": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set or clear a nickname (moderator and above, or the member itself) */
        patch: operations["Members_updateNickname"];
        trace?: never;
    };
    "/api/spaces/{space_id}/members/{member_id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a member's role (admin or owner; never the owner's, never to owner; an admin cannot change another admin) */
        patch: operations["Members_updateRole"];
        trace?: never;
    };
    "/api/spaces/{space_id}/members/{member_id}/unmute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End a member's mute (moderator and above, lower ranks only) */
        post: operations["Members_unmute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/public-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A public space's card (no authentication); 404 for a private one */
        get: operations["PublicSpaces_publicInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to join a private space; a second pending request answers the first */
        post: operations["Spaces_requestToJoin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending join requests, newest first (admin or owner) */
        get: operations["Spaces_listRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spaces/{space_id}/voice/{channel_id}/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Voice room credentials for a member (400 `not a voice channel` for a text channel) */
        post: operations["MemberVoice_join"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/friends/add/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a friend request, or accept the one this user already sent
         * @description `{message: "friend request sent"}`, or `{message: "friend added"}` when the other user had already asked.
         *     404 unknown user, 400 for oneself, 409 already friends.
         */
        post: operations["Users_addFriend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's own user record */
        get: operations["Users_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the caller's profile in one write; an anonymous user upgrades with username + email + password */
        patch: operations["Users_updateMe"];
        trace?: never;
    };
    "/api/users/me/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report activity: refreshes last_active_at */
        post: operations["Users_activity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/default-avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Choose one of the 8 default faces, or null for a random one */
        put: operations["Users_setDefaultAvatar"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/friends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's friends */
        get: operations["Users_friends"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/friends/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending friend requests, both directions */
        get: operations["Users_friendRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/friends/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a friend, or cancel or decline a pending request */
        delete: operations["Users_removeFriend"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/offline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the caller offline until its next activity */
        post: operations["Users_goOffline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/online": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the caller online */
        post: operations["Users_goOnline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/presence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's presence (its own `invisible` included) */
        get: operations["Users_myPresence"];
        put?: never;
        /** Choose a presence status and custom status */
        post: operations["Users_setPresence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's settings, defaults filled in */
        get: operations["Users_settings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Deep-merge a partial settings object into the caller's settings */
        patch: operations["Users_updateSettings"];
        trace?: never;
    };
    "/api/users/presence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Alias of POST /api/users/me/presence */
        post: operations["Users_setPresenceAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an anonymous account with tokens for one device session */
        post: operations["PublicUsers_registerAnonymous"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's public record (no e-mail) */
        get: operations["PublicUsers_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process runs */
        get: operations["PublicProbes_healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus text exposition
         * @description Prometheus text format, passing `promtool check metrics`: at least `http_requests_total{method,route,status}`,
         *     `http_request_duration_seconds` (by route template, never the raw path), `webhook_deliveries_total{event,result}`,
         *     `webhook_delivery_duration_seconds`, `command_invocations_total{result}`, `rate_limit_rejections_total{limit}`,
         *     `realtime_connections` and the default process metrics. Labels never carry values users sent.
         */
        get: operations["PublicProbes_metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database and (where configured) Redis answer */
        get: operations["PublicProbes_readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        "Auth.CheckAvailabilityResponse": {
            available: boolean;
        };
        "Auth.ForgotPasswordRequest": {
            /** Format: email */
            email: string;
        };
        "Auth.LoginRequest": {
            /** @description Username or e-mail address. */
            login: string;
            password: string;
            device_name?: string;
            /**
             * Format: uuid
             * @description A device this user logged in from before; with its secret, the login resumes that device.
             */
            device_id?: string;
            device_secret?: string;
        };
        "Auth.PasswordChangeRequest": {
            current_password: string;
            new_password: string;
        };
        /** @enum {string} */
        "Auth.PushPlatform": "fcm" | "apns" | "webpush";
        "Auth.PushTokenRequest": {
            token: string;
            platform: components["schemas"]["Auth.PushPlatform"];
        };
        "Auth.RefreshRequest": {
            refresh_token: string;
        };
        "Auth.RegisterRequest": {
            username: string;
            /** Format: email */
            email: string;
            password: string;
            display_name?: string;
        };
        "Auth.ResendVerificationRequest": {
            /** Format: email */
            email: string;
        };
        /** @description The token from the reset mail (single-use, 1 h), checked before the new password is hashed. */
        "Auth.ResetPasswordRequest": {
            token: string;
            new_password: string;
        };
        "Auth.Toggle2FARequest": {
            enable: boolean;
            password: string;
            code?: string;
        };
        /**
         * @description `enable: true` without a code: `{enabled: false, secret, otpauth_uri}`; with a valid code:
         *     `{enabled: true, recovery_codes}`; `enable: false`: `{enabled: false}`.
         */
        "Auth.Toggle2FAResponse": {
            enabled: boolean;
            /** @description Base32 TOTP secret, shown while setting up. */
            secret?: string;
            otpauth_uri?: string;
            /** @description Ten single-use codes, shown once. */
            recovery_codes?: string[];
        };
        /**
         * @description The answer to register, login, login/2fa and refresh. The access token is a JWT (HS256) valid 15 minutes; the
         *     refresh token is opaque, valid 30 days and rotated on every refresh. Presenting an already-rotated refresh token
         *     revokes that device session (reuse detection); a revoked session's access tokens are refused at once.
         */
        "Auth.TokenResponse": {
            access_token: string;
            refresh_token: string;
            /** @enum {string} */
            token_type: "bearer";
            /**
             * Format: int32
             * @description Seconds until the access token expires.
             */
            expires_in: number;
            device_id: string;
            /** @description Only in the response that created the device session; send it with `device_id` at later logins. */
            device_secret?: string;
            user: components["schemas"]["Users.UserResponse"];
            /** @enum {boolean} */
            requires_2fa: false;
        };
        /** @description The second step: `code` is a TOTP code (RFC 6238, SHA-1, 30 s steps, ±1 step, each accepted once) or an unused recovery code. */
        "Auth.TwoFactorLoginRequest": {
            two_factor_token: string;
            /** @description A 6-digit TOTP code or an unused recovery code. */
            code: string;
        };
        /** @description Login of an account with 2FA on, from a device that is not trusted: no tokens yet. */
        "Auth.TwoFactorRequiredResponse": {
            /** @enum {boolean} */
            requires_2fa: true;
            /** @description Lives 5 minutes; send it with a code to /api/auth/login/2fa. */
            two_factor_token: string;
        };
        "Auth.UserDeviceResponse": {
            device_id: string;
            name: string | null;
            user_agent: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_seen_at: string;
            trusted: boolean;
            /** @description The session this request is made from. */
            current: boolean;
        };
        /** @description E-mail tokens are single-use: a used, unknown or expired one is 400 `invalid or expired token`. Verification lives 48 h. */
        "Auth.VerifyEmailRequest": {
            token: string;
        };
        /**
         * @description A choice offered for an option. `name` is cut to 100 characters by the server;
         *     `value` must match the option's type (string for `string`, a number otherwise).
         */
        "Bot.CommandChoice": {
            name: string;
            value: string | number;
        };
        /**
         * @description A choice as declared: `value` is any JSON scalar here, so that a value of the wrong type, or choices on a type
         *     without them, reach the registry rules and answer 400 (a domain rule) rather than 422 (a schema one).
         */
        "Bot.CommandChoiceDeclaration": {
            name: string;
            value: string | number | boolean | null;
        };
        /** @description A command as declared. The name is trimmed and lowercased, then must match `^[a-z0-9_-]{1,32}$`. */
        "Bot.CommandDeclaration": {
            name: string;
            description: string;
            /** @default [] */
            options?: components["schemas"]["Bot.CommandOptionDeclaration"][];
        };
        "Bot.CommandEnableRequest": {
            enabled?: boolean;
        };
        "Bot.CommandOption": {
            name: string;
            type: components["schemas"]["Bot.OptionType"];
            description: string;
            required: boolean;
            choices?: components["schemas"]["Bot.CommandChoice"][];
            /** Format: double */
            min?: number;
            /** Format: double */
            max?: number;
        };
        /**
         * @description An option as declared. `name` and `type` are checked beyond the schema on purpose:
         *     a name of the right length but bad characters, or an unknown type, is a 400, so the
         *     schema only bounds the name's length and leaves `type` a plain string.
         */
        "Bot.CommandOptionDeclaration": {
            name: string;
            /** @description One of `string`, `integer`, `number`, `boolean`, `user`, `channel`. */
            type: string;
            /** @description 1 to 100 characters as sent; empty after trimming is a 400. */
            description: string;
            /** @default false */
            required?: boolean;
            /** @description Only for `string`, `integer` and `number`. */
            choices?: components["schemas"]["Bot.CommandChoiceDeclaration"][];
            /**
             * Format: double
             * @description Only for `integer` and `number`.
             */
            min?: number;
            /**
             * Format: double
             * @description Only for `integer` and `number`.
             */
            max?: number;
        };
        /** @description A registered command (CommandResponse). */
        "Bot.CommandResponse": {
            name: string;
            description: string;
            options: components["schemas"]["Bot.CommandOption"][];
            /**
             * Format: int32
             * @description Starts at 1; grows only when description or options change.
             */
            version: number;
            /** @description Visible to users and invocable. */
            enabled: boolean;
        };
        /** @enum {string} */
        "Bot.OptionType": "string" | "integer" | "number" | "boolean" | "user" | "channel";
        "Bot.PutCommandsRequest": {
            commands: components["schemas"]["Bot.CommandDeclaration"][];
        };
        /** @description A reaction: any 1 to 64 characters, stored as sent. */
        "Bot.ReactionRequest": {
            emoji: string;
        };
        /** @description A bot message: plain text, sent as is. */
        "Bot.SendMessageRequest": {
            content: string;
            /**
             * Format: uuid
             * @description A message of the same channel (404 `message not found` otherwise).
             */
            reply_to?: string | null;
        };
        /** @description `Authorization: Bot <BOT_TOKEN>`: `bot_` followed by 48 lowercase hex characters. */
        BotAuth: {
            /** @enum {string} */
            type: "http";
            /** @enum {string} */
            scheme: "Bot";
        };
        /**
         * @description Confirms a delivery, on the connection it came on, within 10 s: then it counts as delivered. Late, duplicate,
         *     unknown or another connection's acks are ignored.
         */
        "BotGateway.BotAckFrame": {
            /** @enum {string} */
            type: "ack";
            delivery_id: string;
        };
        "BotGateway.BotAuthFrame": {
            /** @enum {string} */
            type: "auth";
            /** @description The bot token (`bot_` + 48 hex). */
            token: string;
        };
        /** @description Every frame a bot may send. */
        "BotGateway.BotClientFrame": components["schemas"]["BotGateway.BotAuthFrame"] | components["schemas"]["BotGateway.BotPingFrame"] | components["schemas"]["BotGateway.BotAckFrame"];
        /** @description The answer to a frame the server could not use; the connection stays open. */
        "BotGateway.BotErrorFrame": {
            /** @enum {string} */
            type: "error";
            detail: string;
        };
        /**
         * @description One delivery of a `socket` webhook. `event` is the webhook envelope (`Events.WebhookEvent`), serialised byte for
         *     byte as the body of an HTTP delivery. No ack within 10 s is a failed attempt, retried with the same
         *     `delivery_id` on the webhook schedule (1 s, 5 s, 30 s, 5 min, 30 min): the bot deduplicates on it.
         */
        "BotGateway.BotEventFrame": {
            /** @enum {string} */
            type: "event";
            delivery_id: string;
            event: components["schemas"]["Events.WebhookEvent"];
        };
        /** @description Sent every `heartbeat_interval_ms`; answered by `pong`. Any frame counts as a sign of life. */
        "BotGateway.BotPingFrame": {
            /** @enum {string} */
            type: "ping";
        };
        "BotGateway.BotPongFrame": {
            /** @enum {string} */
            type: "pong";
        };
        "BotGateway.BotReadyFrame": {
            /** @enum {string} */
            type: "ready";
            bot_user_id: string;
            /** @description This connection's id (a UUID, one per connection). */
            session_id: string;
            /**
             * Format: int32
             * @description How often to send `ping`; a connection silent for two intervals is closed (4009).
             */
            heartbeat_interval_ms: number;
        };
        /** @description Every frame the server sends to a bot. Bots should ignore types they do not know. */
        "BotGateway.BotServerFrame": components["schemas"]["BotGateway.BotReadyFrame"] | components["schemas"]["BotGateway.BotPongFrame"] | components["schemas"]["BotGateway.BotErrorFrame"] | components["schemas"]["BotGateway.BotEventFrame"];
        /** @description A bot's description: at most 400 characters. */
        "Bots.BotDescription": string;
        /** @description A bot's display name: 1 to 64 characters. */
        "Bots.BotDisplayName": string;
        "Bots.BotMembershipResponse": {
            space_id: string;
            bot_user_id: string;
            /** @description The bot's `member_id` in the space. */
            member_id: string;
            scopes: components["schemas"]["Bots.Scope"][];
            allowed_channel_ids: string[];
            state: components["schemas"]["Bots.BotMembershipState"];
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @description A membership's own state; `revoked` after uninstall (re-installing reactivates it).
         * @enum {string}
         */
        "Bots.BotMembershipState": "ACTIVE" | "suspended" | "revoked";
        /** @description A bot account. `id` is the bot's user id. */
        "Bots.BotResponse": {
            id: string;
            username: string;
            display_name: string | null;
            description: string | null;
            owner_id: string;
            state: components["schemas"]["Bots.BotState"];
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @description `ACTIVE`, `suspended` (by a service admin) or `deleted` (by the owner); any state but `ACTIVE` gets 403 on the bot API.
         * @enum {string}
         */
        "Bots.BotState": "ACTIVE" | "suspended" | "deleted";
        "Bots.BotTokenResponse": {
            token: string;
        };
        /**
         * Format: uuid
         * @description A channel id of the space.
         */
        "Bots.ChannelId": string;
        /** @description The username follows the register rules; it is unique across users and bots, case-insensitively. */
        "Bots.CreateBotRequest": {
            username: string;
            display_name?: string;
            description?: string;
        };
        /** @description `token` is `bot_` + 48 lowercase hex characters, shown this once; only its hash is kept. */
        "Bots.CreateBotResponse": {
            bot: components["schemas"]["Bots.BotResponse"];
            token: string;
        };
        /**
         * @description Install a bot in a space. `scopes` is a plain string list on purpose: an unknown scope is a 400
         *     `unknown scope: <scope>` (the known ones are `Scope`). Channels must belong to the space (else 400).
         */
        "Bots.InstallBotRequest": {
            /** Format: uuid */
            bot_user_id: string;
            scopes: string[];
            allowed_channel_ids: components["schemas"]["Bots.ChannelId"][];
        };
        /**
         * @description What an install grants a bot in a space: `commands` (receive `command.invoked`, appear in the catalog, be
         *     invocable), `messages.send`, `messages.react`, `messages.delete.own` (its own messages) and
         *     `moderation.messages` (another author's).
         * @enum {string}
         */
        "Bots.Scope": "commands" | "messages.send" | "messages.react" | "messages.delete.own" | "moderation.messages";
        "Bots.UpdateBotMembershipRequest": {
            scopes?: string[];
            allowed_channel_ids?: components["schemas"]["Bots.ChannelId"][];
            /**
             * @description `revoked` is reached only through DELETE.
             * @enum {string}
             */
            state?: "ACTIVE" | "suspended";
        };
        /** @description Every field optional; `null` clears `display_name` or `description`. */
        "Bots.UpdateBotRequest": {
            username?: string;
            display_name?: components["schemas"]["Bots.BotDisplayName"] | null;
            description?: components["schemas"]["Bots.BotDescription"] | null;
        };
        /** @description An MLS application message (docs/e2e.md); the server never decodes `ciphertext`. */
        "Chat.CreateMessageRequest": {
            ciphertext: string;
            /**
             * Format: uuid
             * @description A message of the same channel.
             */
            reply_to?: string;
            /**
             * Format: int64
             * @description The MLS epoch the message was encrypted in.
             */
            epoch?: number;
        };
        /** @enum {string} */
        "Chat.MessageKind": "user" | "bot" | "service";
        /**
         * @description A chat message. User messages carry the opaque end-to-end encrypted `ciphertext` (and a null
         *     `content`); bot and service messages carry plain `content` (and a null `ciphertext`).
         */
        "Chat.MessageResponse": {
            id: string;
            space_id: string;
            channel_id: string;
            /** @description null for service messages. */
            author_id: string | null;
            author_is_bot: boolean;
            kind: components["schemas"]["Chat.MessageKind"];
            ciphertext: string | null;
            content: string | null;
            reply_to: string | null;
            reactions: components["schemas"]["Chat.ReactionCount"][];
            /** Format: date-time */
            created_at: string;
        };
        "Chat.ReactionCount": {
            emoji: string;
            /** Format: int32 */
            count: number;
        };
        "E2E.ClaimKeyPackagesRequest": {
            user_ids: components["schemas"]["E2E.uuid"][];
        };
        "E2E.ClaimKeyPackagesResponse": {
            /** @description One per active device of each requested user who shares a space with the caller (the caller's own device excluded). */
            key_packages: components["schemas"]["E2E.ClaimedKeyPackage"][];
        };
        "E2E.ClaimedKeyPackage": {
            user_id: string;
            /** @description The device session the package belongs to (the MLS client). */
            device_id: string;
            key_package: string;
        };
        "E2E.CommitAccepted": {
            /**
             * Format: int64
             * @description The channel's new epoch (the posted epoch + 1).
             */
            epoch: number;
        };
        /** @description A Commit (MLSMessage), base64. */
        "E2E.CommitB64": string;
        "E2E.CommitEntry": {
            /**
             * Format: int64
             * @description The epoch this commit moved the group to.
             */
            epoch: number;
            commit: string;
            /** @description The device session that posted it. */
            sender_device_id: string;
            /** Format: date-time */
            created_at: string;
        };
        "E2E.CommitList": {
            /** @description Oldest first. */
            commits: components["schemas"]["E2E.CommitEntry"][];
        };
        "E2E.CommitRequest": {
            /**
             * Format: int64
             * @description The epoch the commit was made in: must be the channel's current epoch.
             */
            epoch: number;
            commit: components["schemas"]["E2E.CommitB64"];
            group_info: components["schemas"]["E2E.GroupInfoB64"];
            welcome?: components["schemas"]["E2E.WelcomeB64"];
            /** @description The device sessions the Welcome is for; only they receive it (members of the space, active sessions). */
            welcome_device_ids?: components["schemas"]["E2E.uuid"][];
        };
        /** @description A GroupInfo (MLSMessage), base64. */
        "E2E.GroupInfoB64": string;
        "E2E.GroupStateResponse": {
            /**
             * Format: int64
             * @description The channel group's current epoch (0 before the first commit).
             */
            epoch: number;
            /** @description The GroupInfo posted with the last commit (null before the first one). */
            group_info: string | null;
        };
        /** @description One MLS KeyPackage (an MLSMessage of wire format mls_key_package), base64. */
        "E2E.KeyPackageB64": string;
        "E2E.KeyPackageCount": {
            /**
             * Format: int32
             * @description One-time packages of the caller's device still unclaimed (the last-resort one is not counted).
             */
            available: number;
        };
        /** @description 409 when the posted epoch is not the current one: another commit won it. */
        "E2E.StaleEpochBody": {
            /** @description `stale epoch` */
            detail: string;
            /**
             * Format: int64
             * @description The channel's current epoch.
             */
            epoch: number;
        };
        /** @description A Welcome kept for one device session: the device was offline when the commit named it. */
        "E2E.StoredWelcome": {
            /** @description The channel whose group the Welcome opens. */
            channel_id: string;
            /**
             * Format: int64
             * @description The epoch the commit that carried the Welcome moved the group to.
             */
            epoch: number;
            welcome: string;
            /** Format: date-time */
            created_at: string;
        };
        "E2E.UploadKeyPackagesRequest": {
            /** @description One-time KeyPackages of the caller's device session. */
            key_packages: components["schemas"]["E2E.KeyPackageB64"][];
            /** @description Handed out when the device has no one-time package left, and kept; replaces the previous one. */
            last_resort?: components["schemas"]["E2E.KeyPackageB64"];
        };
        /** @description A Welcome (MLSMessage), base64. */
        "E2E.WelcomeB64": string;
        /** Format: uuid */
        "E2E.uuid": string;
        /** @description Every error answer: a single human-readable sentence. */
        ErrorBody: {
            detail: string;
        };
        /** @description To the bot itself, on install in a space. */
        "Events.BotInstalledData": {
            space_id: string;
            /** @description The bot's member id in the space. */
            member_id: string;
            scopes: components["schemas"]["Bots.Scope"][];
            allowed_channel_ids: string[];
            installed_by: string;
        };
        "Events.BotInstalledEvent": {
            /** @description The delivery id, equal to `X-Service-Delivery`; the same on every retry of one delivery. */
            id: string;
            /** @description Null for global events (`webhook.ping`). */
            space_id: string | null;
            /**
             * Format: date-time
             * @description When the dispatcher queued the event.
             */
            delivered_at: string;
            /** @description The receiving bot's own user id. */
            bot_user_id: string;
            /** @enum {string} */
            type: "bot.installed";
            data: components["schemas"]["Events.BotInstalledData"];
        };
        /** @description To the bot itself, on uninstall from a space. */
        "Events.BotUninstalledData": {
            space_id: string;
            uninstalled_by: string;
        };
        "Events.BotUninstalledEvent": {
            /** @description The delivery id, equal to `X-Service-Delivery`; the same on every retry of one delivery. */
            id: string;
            /** @description Null for global events (`webhook.ping`). */
            space_id: string | null;
            /**
             * Format: date-time
             * @description When the dispatcher queued the event.
             */
            delivered_at: string;
            /** @description The receiving bot's own user id. */
            bot_user_id: string;
            /** @enum {string} */
            type: "bot.uninstalled";
            data: components["schemas"]["Events.BotUninstalledData"];
        };
        /** @description `data` of `command.invoked`, delivered to the target bot alone. */
        "Events.CommandInvokedData": {
            /** @description Equals the envelope's `bot_user_id`: the event goes to the target bot alone. */
            target_bot_user_id: string;
            /** @description Also returned to the invoker and present in the ephemeral reply. */
            interaction_id: string;
            /** @description For `POST /api/bot/interactions/respond`; valid 900 s, usable more than once. */
            interaction_token: string;
            channel_id: string;
            /** @description The invoker, who alone receives the ephemeral reply. */
            actor_user_id: string;
            /** @description The registered command name, without slash. */
            command: string;
            /** @description Option name → typed value; required options present, unknown ones dropped. */
            options: {
                [key: string]: components["schemas"]["Events.OptionValue"];
            };
            command_version: number | null;
            /** Format: date-time */
            created_at: string;
        };
        "Events.CommandInvokedEvent": {
            /** @description The delivery id, equal to `X-Service-Delivery`; the same on every retry of one delivery. */
            id: string;
            /** @description Null for global events (`webhook.ping`). */
            space_id: string | null;
            /**
             * Format: date-time
             * @description When the dispatcher queued the event.
             */
            delivered_at: string;
            /** @description The receiving bot's own user id. */
            bot_user_id: string;
            /** @enum {string} */
            type: "command.invoked";
            data: components["schemas"]["Events.CommandInvokedData"];
        };
        /** @description The envelope fields every event shares. */
        "Events.EnvelopeFields": {
            /** @description The delivery id, equal to `X-Service-Delivery`; the same on every retry of one delivery. */
            id: string;
            /** @description Null for global events (`webhook.ping`). */
            space_id: string | null;
            /**
             * Format: date-time
             * @description When the dispatcher queued the event.
             */
            delivered_at: string;
            /** @description The receiving bot's own user id. */
            bot_user_id: string;
        };
        /**
         * @description Event types a webhook can subscribe to.
         * @enum {string}
         */
        "Events.EventType": "command.invoked" | "message.created" | "message.deleted" | "reaction.added" | "member.joined" | "member.left" | "bot.installed" | "bot.uninstalled" | "voice.joined" | "webhook.ping";
        "Events.MemberJoinedData": {
            member_id: string;
            user_id: string;
            role: components["schemas"]["Spaces.SpaceRole"];
            /** Format: date-time */
            joined_at: string;
        };
        "Events.MemberJoinedEvent": {
            /** @description The delivery id, equal to `X-Service-Delivery`; the same on every retry of one delivery. */
            id: string;
            /** @description Null for global events (`webhook.ping`). */
            space_id: string | null;
            /**
             * Format: date-time
             * @description When the dispatcher queued the event.
             */
            delivered_at: string;
            /** @description The receiving bot's own user id. */
            bot_user_id: string;
            /** @enum {string} */
            type: "member.joined";
            data: components["schemas"]["Events.MemberJoinedData"];
        };
        "Events.MemberLeftData": {
            member_id: string;
            user_id: string;
            reason: components["schemas"]["Events.MemberLeftReason"];
            /** Format: date-time */
            left_at: string;
        };
        "Events.MemberLeftEvent": {
            /** @description The delivery id, equal to `X-Service-Delivery`; the same on every retry of one delivery. */
            id: string;
            /** @description Null for global events (`webhook.ping`). */
            space_id: string | null;
            /**
             * Format: date-time
             * @description When the dispatcher queued the event.
             */
            delivered_at: string;
            /** @description The receiving bot's own user id. */
            bot_user_id: string;
            /** @enum {string} */
            type: "member.left";
            data: components["schemas"]["Events.MemberLeftData"];
        };
        /**
         * @description Why a member is gone.
         * @enum {string}
         */
        "Events.MemberLeftReason": "left" | "kicked";
        /** @description `data` of `message.created`: bot and service messages only (users' messages never reach bots). */
        "Events.MessageCreatedData": {
            message_id: string;
            channel_id: string;
            /** @description null for service messages. */
            author_id: string | null;
            author_is_bot: boolean;
            content: string | null;
            reply_to: string | null;
            /** Format: date-time */
            created_at: string;
        };
        "Events.MessageCreatedEvent": {
            /** @description The delivery id, equal to `X-Service-Delivery`; the same on every retry of one delivery. */
            id: string;
            /** @description Null for global events (`webhook.ping`). */
            space_id: string | null;
            /**
             * Format: date-time
             * @description When the dispatcher queued the event.
             */
            delivered_at: string;
            /** @description The receiving bot's own user id. */
            bot_user_id: string;
            /** @enum {string} */
            type: "message.created";
            data: components["schemas"]["Events.MessageCreatedData"];
        };
        "Events.MessageDeletedData": {
            message_id: string;
            channel_id: string;
            author_id: string | null;
            /** @description Who deleted it. */
            deleted_by: string;
        };
        "Events.MessageDeletedEvent": {
            /** @description The delivery id, equal to `X-Service-Delivery`; the same on every retry of one delivery. */
            id: string;
            /** @description Null for global events (`webhook.ping`). */
            space_id: string | null;
            /**
             * Format: date-time
             * @description When the dispatcher queued the event.
             */
            delivered_at: string;
            /** @description The receiving bot's own user id. */
            bot_user_id: string;
            /** @enum {string} */
            type: "message.deleted";
            data: components["schemas"]["Events.MessageDeletedData"];
        };
        /** @description A typed option value at invocation: `user` and `channel` values are UUID strings. */
        "Events.OptionValue": string | number | boolean;
        "Events.ReactionAddedData": {
            message_id: string;
            channel_id: string;
            emoji: string;
            /** @description Who reacted. */
            user_id: string;
        };
        "Events.ReactionAddedEvent": {
            /** @description The delivery id, equal to `X-Service-Delivery`; the same on every retry of one delivery. */
            id: string;
            /** @description Null for global events (`webhook.ping`). */
            space_id: string | null;
            /**
             * Format: date-time
             * @description When the dispatcher queued the event.
             */
            delivered_at: string;
            /** @description The receiving bot's own user id. */
            bot_user_id: string;
            /** @enum {string} */
            type: "reaction.added";
            data: components["schemas"]["Events.ReactionAddedData"];
        };
        "Events.VoiceJoinedData": {
            channel_id: string;
            user_id: string;
            is_bot: boolean;
            /** @description `<space_id>:<channel_id>`. */
            room: string;
            /** Format: date-time */
            joined_at: string;
        };
        "Events.VoiceJoinedEvent": {
            /** @description The delivery id, equal to `X-Service-Delivery`; the same on every retry of one delivery. */
            id: string;
            /** @description Null for global events (`webhook.ping`). */
            space_id: string | null;
            /**
             * Format: date-time
             * @description When the dispatcher queued the event.
             */
            delivered_at: string;
            /** @description The receiving bot's own user id. */
            bot_user_id: string;
            /** @enum {string} */
            type: "voice.joined";
            data: components["schemas"]["Events.VoiceJoinedData"];
        };
        /** @description One webhook delivery's body, compact UTF-8 JSON, the same bytes on every attempt; `type` tells which. */
        "Events.WebhookEvent": components["schemas"]["Events.CommandInvokedEvent"] | components["schemas"]["Events.MessageCreatedEvent"] | components["schemas"]["Events.MessageDeletedEvent"] | components["schemas"]["Events.ReactionAddedEvent"] | components["schemas"]["Events.MemberJoinedEvent"] | components["schemas"]["Events.MemberLeftEvent"] | components["schemas"]["Events.BotInstalledEvent"] | components["schemas"]["Events.BotUninstalledEvent"] | components["schemas"]["Events.VoiceJoinedEvent"] | components["schemas"]["Events.WebhookPingEvent"];
        "Events.WebhookPingData": {
            webhook_id: string;
        };
        "Events.WebhookPingEvent": {
            /** @description The delivery id, equal to `X-Service-Delivery`; the same on every retry of one delivery. */
            id: string;
            /** @description Null for global events (`webhook.ping`). */
            space_id: string | null;
            /**
             * Format: date-time
             * @description When the dispatcher queued the event.
             */
            delivered_at: string;
            /** @description The receiving bot's own user id. */
            bot_user_id: string;
            /** @enum {string} */
            type: "webhook.ping";
            data: components["schemas"]["Events.WebhookPingData"];
        };
        /** @description One invocable command of a bot in the channel. */
        "Interactions.CatalogCommand": {
            bot_user_id: string;
            bot_username: string;
            bot_display_name: string | null;
            name: string;
            description: string;
            options: components["schemas"]["Bot.CommandOption"][];
            /** Format: int32 */
            version: number;
        };
        /** @description Sorted by bot username, then command name. */
        "Interactions.CommandCatalog": {
            commands: components["schemas"]["Interactions.CatalogCommand"][];
        };
        /**
         * @description Invocation request. `command` is trimmed and lowercased; a name with a slash never matches a
         *     registered one and so answers 404 `unknown command`. `options` is deliberately a free object: its values are
         *     checked against the command's declared options (coerced to their types), and every failure there is a 400, not a 422.
         */
        "Interactions.InvokeRequest": {
            /** Format: uuid */
            bot_user_id: string;
            command: string;
            options?: {
                [key: string]: unknown;
            };
        };
        "Interactions.InvokeResponse": {
            /** @description UUIDv7; also in the `command.invoked` event and in the ephemeral reply. */
            interaction_id: string;
        };
        /** @description The bot's ephemeral reply: delivered to the invoker's realtime connections, never stored. */
        "Interactions.RespondRequest": {
            interaction_token: string;
            content: string;
        };
        MessageResponse: {
            message: string;
        };
        "Realtime.AuthFrame": {
            /** @enum {string} */
            type: "auth";
            /** @description A user access token. */
            token: string;
        };
        /** @description Every frame a client may send. */
        "Realtime.ClientFrame": components["schemas"]["Realtime.AuthFrame"] | components["schemas"]["Realtime.PingFrame"] | components["schemas"]["Realtime.PresenceSubscribeFrame"];
        /** @description A commit that won its epoch, to every device of the channel's members. */
        "Realtime.E2eCommitFrame": {
            /** @enum {string} */
            type: "e2e:commit";
            channel_id: string;
            /**
             * Format: int64
             * @description The epoch the commit was made in; the group moves to `epoch + 1`.
             */
            epoch: number;
            commit: components["schemas"]["E2E.CommitB64"];
            /** @description The committing device, which already applied it. */
            sender_device_id: string;
        };
        /** @description A space's membership changed: a member's client commits the matching MLS Add or Remove. */
        "Realtime.E2eMembershipFrame": {
            /** @enum {string} */
            type: "e2e:membership";
            space_id: string;
            user_id: string;
            change: components["schemas"]["Realtime.MembershipChange"];
        };
        /** @description A Welcome, to each device it adds (`welcome_device_ids` of the commit). */
        "Realtime.E2eWelcomeFrame": {
            /** @enum {string} */
            type: "e2e:welcome";
            channel_id: string;
            /** Format: int64 */
            epoch: number;
            welcome: components["schemas"]["E2E.WelcomeB64"];
        };
        /** @description The answer to a frame the server could not use; the connection stays open. */
        "Realtime.ErrorFrame": {
            /** @enum {string} */
            type: "error";
            detail: string;
        };
        /** @description A bot's ephemeral reply to the caller's own invocation; sent to the invoker alone, never stored. */
        "Realtime.InteractionResponseFrame": {
            /** @enum {string} */
            type: "interaction:response";
            interaction_id: string;
            channel_id: string;
            space_id: string;
            bot_user_id: string;
            content: string;
            /** @enum {boolean} */
            ephemeral: true;
            /** @enum {boolean} */
            is_bot: true;
        };
        "Realtime.MemberJoinedFrame": {
            /** @enum {string} */
            type: "member:joined";
            space_id: string;
            user_id: string;
            member_id: string;
            role: components["schemas"]["Spaces.SpaceRole"];
        };
        "Realtime.MemberLeftFrame": {
            /** @enum {string} */
            type: "member:left";
            space_id: string;
            user_id: string;
            member_id: string;
            reason: components["schemas"]["Events.MemberLeftReason"];
        };
        /** @enum {string} */
        "Realtime.MembershipChange": "joined" | "left" | "kicked";
        /** @description A new message in a channel the connection can see: the message itself, with `type`. */
        "Realtime.MessageCreatedFrame": {
            /** @enum {string} */
            type: "message:created";
            id: string;
            space_id: string;
            channel_id: string;
            /** @description null for service messages. */
            author_id: string | null;
            author_is_bot: boolean;
            kind: components["schemas"]["Chat.MessageKind"];
            ciphertext: string | null;
            content: string | null;
            reply_to: string | null;
            reactions: components["schemas"]["Chat.ReactionCount"][];
            /** Format: date-time */
            created_at: string;
        };
        "Realtime.MessageDeletedFrame": {
            /** @enum {string} */
            type: "message:deleted";
            /** @description The message's id. */
            id: string;
            space_id: string;
            channel_id: string;
        };
        /** @description Answered by `pong`. */
        "Realtime.PingFrame": {
            /** @enum {string} */
            type: "ping";
        };
        "Realtime.PongFrame": {
            /** @enum {string} */
            type: "pong";
        };
        /** @description One member's presence as the subscriber sees it. */
        "Realtime.PresenceEntry": {
            user_id: string;
            status: components["schemas"]["Users.PresenceStatus"];
            custom_status: string | null;
        };
        /**
         * @description Asks for the presence of some members of a space the user belongs to: `user_ids` (members only; others are
         *     ignored) or `range`, positions `[first, last]` (from 0, inclusive) of the member list in the order
         *     `GET /api/spaces/{space_id}/members` answers. At most 100 members; each frame replaces the connection's
         *     previous subscription in that space (an empty `user_ids` ends it). Answered by `presence:subscribed`. In a large
         *     space (more members than `LARGE_SPACE_THRESHOLD`) this is how a member hears `presence:update` of other members
         *     who are not its friends; in a small space every member hears every member anyway.
         */
        "Realtime.PresenceSubscribeFrame": {
            /** @enum {string} */
            type: "presence:subscribe";
            space_id: string;
            user_ids?: string[];
            range?: number[];
        };
        /** @description The answer to `presence:subscribe`: the members it covers now, and how many members of the space are online. */
        "Realtime.PresenceSubscribedFrame": {
            /** @enum {string} */
            type: "presence:subscribed";
            space_id: string;
            /**
             * Format: int32
             * @description Members others see as anything but `offline` (recomputed at most every 10 s).
             */
            online_count: number;
            presences: components["schemas"]["Realtime.PresenceEntry"][];
        };
        /**
         * @description A user's presence: to the user (its true status) and to friends and co-members (`invisible` shown as `offline`).
         *     Also sent when time alone changes it (`idle` after 5 minutes without activity or connection, `offline` 60 s
         *     after the last connection, also when that connection's server process died). In a large space only the
         *     connections subscribed to the user (`presence:subscribe`) hear it; friends always do.
         */
        "Realtime.PresenceUpdateFrame": {
            /** @enum {string} */
            type: "presence:update";
            user_id: string;
            status: components["schemas"]["Users.PresenceStatus"];
            custom_status: string | null;
        };
        "Realtime.ReactionAddedFrame": {
            /** @enum {string} */
            type: "reaction:added";
            message_id: string;
            channel_id: string;
            space_id: string;
            emoji: string;
            user_id: string;
        };
        "Realtime.ReadyFrame": {
            /** @enum {string} */
            type: "ready";
            user_id: string;
            /** @description This connection's id. */
            session_id: string;
        };
        /** @description Every frame the server sends to clients. Clients should ignore types they do not know. */
        "Realtime.ServerFrame": components["schemas"]["Realtime.ReadyFrame"] | components["schemas"]["Realtime.PongFrame"] | components["schemas"]["Realtime.ErrorFrame"] | components["schemas"]["Realtime.InteractionResponseFrame"] | components["schemas"]["Realtime.MessageCreatedFrame"] | components["schemas"]["Realtime.MessageDeletedFrame"] | components["schemas"]["Realtime.ReactionAddedFrame"] | components["schemas"]["Realtime.PresenceUpdateFrame"] | components["schemas"]["Realtime.PresenceSubscribedFrame"] | components["schemas"]["Realtime.SpaceDeletedFrame"] | components["schemas"]["Realtime.MemberJoinedFrame"] | components["schemas"]["Realtime.MemberLeftFrame"] | components["schemas"]["Realtime.E2eCommitFrame"] | components["schemas"]["Realtime.E2eWelcomeFrame"] | components["schemas"]["Realtime.E2eMembershipFrame"];
        /** @description The space was deleted: the connection no longer hears it (every socket drops it at once). */
        "Realtime.SpaceDeletedFrame": {
            /** @enum {string} */
            type: "space:deleted";
            space_id: string;
        };
        /**
         * @description A dependency the readiness check could not reach.
         * @enum {string}
         */
        "Service.Dependency": "database" | "redis";
        "Service.HealthStatus": {
            /** @enum {string} */
            status: "ok";
        };
        /**
         * @description Not ready: the dependencies that did not answer (why goes to the server's log, never here); none while the
         *     process is shutting down.
         */
        "Service.NotReadyBody": {
            /** @enum {string} */
            status: "unavailable";
            failing: components["schemas"]["Service.Dependency"][];
        };
        /**
         * @description The roles a role change may give: `owner` is never given.
         * @enum {string}
         */
        "Spaces.AssignableRole": "admin" | "moderator" | "member";
        /**
         * @description A row of the audit log. `action` is one of `command.register` (each PUT of a bot's commands, with the registry's
         *     names and versions), `command.delete`, `bot.create`, `bot.token_rotate`, `bot.install`, `bot.uninstall`,
         *     `webhook.create`, `webhook.secret_rotate`, `space.update`, `space.delete`, `member.role_update`, `member.kick`,
         *     `member.mute`, `member.unmute`, `join_request.approve`, `join_request.reject`.
         */
        "Spaces.AuditLogEntry": {
            id: string;
            action: string;
            actor_id: string | null;
            space_id: string | null;
            target_type: string | null;
            target_id: string | null;
            data: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
        };
        "Spaces.ChannelResponse": {
            id: string;
            space_id: string;
            name: string;
            type: components["schemas"]["Spaces.ChannelType"];
            topic: string | null;
            /** Format: int32 */
            position: number;
            /** Format: date-time */
            created_at: string;
        };
        /** @enum {string} */
        "Spaces.ChannelType": "text" | "voice";
        "Spaces.CreateChannelRequest": {
            name: string;
            type: components["schemas"]["Spaces.ChannelType"];
            topic?: string | null;
        };
        "Spaces.CreateSpaceRequest": {
            name: string;
            description?: string;
            /** @default private */
            visibility?: components["schemas"]["Spaces.SpaceVisibility"];
        };
        /** @enum {string} */
        "Spaces.DiscoverSort": "members" | "activity" | "created";
        "Spaces.DiscoverSpaceResult": {
            id: string;
            name: string;
            description: string;
            /** Format: int32 */
            member_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_activity_at: string;
            is_member: boolean;
        };
        "Spaces.JoinRequestCreateRequest": {
            message?: string | null;
        };
        "Spaces.JoinRequestResponse": {
            request_id: string;
            space_id: string;
            user_id: string;
            username: string;
            message: string | null;
            status: components["schemas"]["Spaces.JoinRequestStatus"];
            /** Format: date-time */
            created_at: string;
            resolved_at: string | null;
        };
        /** @enum {string} */
        "Spaces.JoinRequestStatus": "pending" | "approved" | "rejected";
        "Spaces.MemberPresence": {
            /** @description As others see it: `invisible` shows as `offline`. */
            status: components["schemas"]["Users.PresenceStatus"];
            custom_status: string | null;
        };
        "Spaces.MuteMemberRequest": {
            /**
             * Format: int32
             * @description 1 second to 28 days.
             */
            duration_seconds: number;
        };
        /** @description A nickname or display role: 1 to 32 characters. */
        "Spaces.ShortLabel": string;
        "Spaces.SpaceMemberResponse": {
            member_id: string;
            user_id: string;
            username: string;
            display_name: string | null;
            nickname: string | null;
            role: components["schemas"]["Spaces.SpaceRole"];
            display_role: string | null;
            is_bot: boolean;
            /** @description null when not muted; a mute whose time has passed reads as null. */
            muted_until: string | null;
            presence: components["schemas"]["Spaces.MemberPresence"];
            /** Format: date-time */
            joined_at: string;
        };
        "Spaces.SpacePreviewResponse": {
            id: string;
            name: string;
            description: string;
            visibility: components["schemas"]["Spaces.SpaceVisibility"];
            /** Format: int32 */
            member_count: number;
            /** Format: date-time */
            created_at: string;
        };
        "Spaces.SpacePublicInfoResponse": {
            id: string;
            name: string;
            description: string;
            visibility: components["schemas"]["Spaces.SpaceVisibility"];
            /** Format: int32 */
            member_count: number;
            /** Format: date-time */
            created_at: string;
        };
        "Spaces.SpaceResponse": {
            id: string;
            name: string;
            description: string;
            visibility: components["schemas"]["Spaces.SpaceVisibility"];
            owner_id: string;
            /** Format: int32 */
            member_count: number;
            /** @description 10 characters of `[A-Za-z0-9]`; null unless the caller is a member. */
            invite_code: string | null;
            /** @description null when the caller is not a member (a public space read by an outsider). */
            my_role: components["schemas"]["Spaces.SpaceRole"] | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_activity_at: string;
        };
        /**
         * @description Highest first: owner, admin, moderator, member. The creator of a space is its owner.
         * @enum {string}
         */
        "Spaces.SpaceRole": "owner" | "admin" | "moderator" | "member";
        "Spaces.SpaceSearchResult": {
            id: string;
            name: string;
            description: string;
            /** Format: int32 */
            member_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_activity_at: string;
            is_member: boolean;
            visibility: components["schemas"]["Spaces.SpaceVisibility"];
        };
        /** @enum {string} */
        "Spaces.SpaceVisibility": "public" | "private";
        "Spaces.UpdateChannelRequest": {
            name?: string;
            /** @description null clears it. */
            topic?: string | null;
            /** Format: int32 */
            position?: number;
        };
        "Spaces.UpdateMemberDisplayRoleRequest": {
            /** @description null clears it. */
            display_role: components["schemas"]["Spaces.ShortLabel"] | null;
        };
        "Spaces.UpdateMemberNicknameRequest": {
            /** @description null clears it. */
            nickname: components["schemas"]["Spaces.ShortLabel"] | null;
        };
        "Spaces.UpdateMemberRoleRequest": {
            role: components["schemas"]["Spaces.AssignableRole"];
        };
        "Spaces.UpdateSpaceRequest": {
            name?: string;
            description?: string;
            visibility?: components["schemas"]["Spaces.SpaceVisibility"];
            /** @description true: a new invite code replaces the old one, which stops working at once. */
            regenerate_invite_code?: boolean;
        };
        StatusResponse: {
            status: string;
        };
        /** @description An anonymous account: the user record plus the tokens of its first device session. */
        "Users.AnonymousRegisterResponse": {
            id: string;
            username: string;
            display_name: string | null;
            bio: string;
            /**
             * Format: int32
             * @description Which minimalist face is shown when there is no custom avatar.
             */
            default_avatar_index: number;
            is_bot: boolean;
            is_anonymous: boolean;
            /** Format: date-time */
            created_at: string;
            email?: string | null;
            email_verified?: boolean;
            two_factor_enabled?: boolean;
            is_admin?: boolean;
            access_token: string;
            refresh_token: string;
        };
        /** @description `null` lets the server choose a random face. */
        "Users.DefaultAvatarUpdateRequest": {
            index: number | null;
        };
        /** @enum {string} */
        "Users.FriendRequestPolicy": "everyone" | "friends_of_friends" | "nobody";
        /** @description Pending friend requests: sent to the caller (`incoming`) and sent by it (`outgoing`), newest first. */
        "Users.FriendRequests": {
            incoming: components["schemas"]["Users.UserResponse"][];
            outgoing: components["schemas"]["Users.UserResponse"][];
        };
        /** @description A BCP 47 language tag, e.g. `en`, `pt-BR`, `zh-Hant-TW`. */
        "Users.LocaleTag": string;
        "Users.NotificationSettings": {
            mentions: boolean;
            direct_messages: boolean;
            sounds: boolean;
        };
        "Users.PresenceResponse": {
            user_id: string;
            status: components["schemas"]["Users.PresenceStatus"];
            custom_status: string | null;
            /** @description Last activity seen; null when none is known or the user appears offline to the caller. */
            last_active_at: string | null;
        };
        /**
         * @description `invisible` reads as `offline` to everyone but the user.
         * @enum {string}
         */
        "Users.PresenceStatus": "online" | "idle" | "dnd" | "invisible" | "offline";
        "Users.PresenceUpdateRequest": {
            status: components["schemas"]["Users.PresenceStatus"];
            /** @description Omitted or null clears it. */
            custom_status?: string | null;
        };
        "Users.PrivacySettings": {
            show_presence: boolean;
            friend_requests: components["schemas"]["Users.FriendRequestPolicy"];
        };
        /** @enum {string} */
        "Users.Theme": "system" | "light" | "dark";
        "Users.UserPresenceResponse": {
            user_id: string;
            status: components["schemas"]["Users.PresenceStatus"];
            custom_status: string | null;
            /** @description Last activity seen; null when none is known or the user appears offline to the caller. */
            last_active_at: string | null;
        };
        /**
         * @description A user. `email`, `email_verified`, `two_factor_enabled` and `is_admin` appear only
         *     in the caller's own record.
         */
        "Users.UserResponse": {
            id: string;
            username: string;
            display_name: string | null;
            bio: string;
            /**
             * Format: int32
             * @description Which minimalist face is shown when there is no custom avatar.
             */
            default_avatar_index: number;
            is_bot: boolean;
            is_anonymous: boolean;
            /** Format: date-time */
            created_at: string;
            email?: string | null;
            email_verified?: boolean;
            two_factor_enabled?: boolean;
            is_admin?: boolean;
        };
        /** @description The user's settings, every key filled in (defaults where never set). */
        "Users.UserSettingsSchema": {
            theme: components["schemas"]["Users.Theme"];
            locale: components["schemas"]["Users.LocaleTag"];
            notifications: components["schemas"]["Users.NotificationSettings"];
            privacy: components["schemas"]["Users.PrivacySettings"];
        };
        /** @description PATCH body: any subset; nested objects are merged key by key; unknown keys are ignored. */
        "Users.UserSettingsUpdate": {
            theme?: components["schemas"]["Users.Theme"];
            locale?: components["schemas"]["Users.LocaleTag"];
            notifications?: {
                mentions?: boolean;
                direct_messages?: boolean;
                sounds?: boolean;
            };
            privacy?: {
                show_presence?: boolean;
                friend_requests?: components["schemas"]["Users.FriendRequestPolicy"];
            };
        };
        /**
         * @description Profile changes. `email` and `password` are accepted only from an anonymous user
         *     (400 otherwise), and only together with `username`: sending all three turns the anonymous
         *     account into a normal one (`is_anonymous` false).
         */
        "Users.UserUpdateRequest": {
            display_name?: string;
            bio?: string;
            username?: string;
            /**
             * Format: email
             * @description Anonymous users only, with `username` and `password`.
             */
            email?: string;
            /** @description Anonymous users only, with `username` and `email`. */
            password?: string;
        };
        /** @description 422: the input breaks the schema. `detail` repeats the first problem. */
        ValidationErrorBody: {
            detail: string;
            errors: components["schemas"]["ValidationIssue"][];
        };
        /** @description One input problem found by schema validation. */
        ValidationIssue: {
            /** @enum {string} */
            location: "body" | "query" | "path" | "header";
            /** @description JSON pointer into the located input, e.g. `/commands/0/name`. */
            path: string;
            message: string;
            /** @description The schema keyword that failed, e.g. `maxLength`. */
            code: string;
        };
        /**
         * @description Credentials for a LiveKit room: exactly these four fields. The token is signed with `LIVEKIT_API_SECRET` (issuer
         *     `LIVEKIT_API_KEY`) and grants `roomJoin` and `canSubscribe` in `room`; a bot may publish the microphone source
         *     only, a muted member may not publish, and neither may publish data.
         */
        "Voice.VoiceJoinResponse": {
            /** @description LiveKit access token (JWT) for `room`, identity = the caller's user id. */
            token: string;
            /** @description The LiveKit server to connect to. */
            url: string;
            /** @description `<space_id>:<channel_id>`. */
            room: string;
            /**
             * Format: int32
             * @description Lifetime of `token`: 600.
             */
            ttl_seconds: number;
        };
        "Webhooks.DeliveryAccepted": {
            delivery_id: string;
        };
        "Webhooks.DeliveryResponse": {
            id: string;
            /** @description One of `Events.EventType`. */
            type: string;
            status: components["schemas"]["Webhooks.DeliveryStatus"];
            /** Format: int32 */
            attempts: number;
            last_status_code: number | null;
            last_error: string | null;
            next_attempt_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @enum {string} */
        "Webhooks.DeliveryStatus": "pending" | "delivered" | "failed" | "skipped";
        /** @description A webhook whose deliveries are POSTed to `url`, signed with its secret (the default transport). */
        "Webhooks.HttpWebhookCreateRequest": {
            /** @enum {string} */
            transport?: "http";
            /** @description `https://` to a public host (`http://` and private addresses only with WEBHOOK_ALLOW_PRIVATE). */
            url: string;
            events: string[];
        };
        /**
         * @description A webhook whose deliveries go over one of the bot's gateway connections (`BotGateway.BotEventFrame`), for a bot
         *     without a public URL. It has no `url` and no secret.
         */
        "Webhooks.SocketWebhookCreateRequest": {
            /** @enum {string} */
            transport: "socket";
            /** @description Never set: a socket webhook has no URL. */
            url?: null;
            events: string[];
        };
        "Webhooks.WebhookCreateRequest": components["schemas"]["Webhooks.HttpWebhookCreateRequest"] | components["schemas"]["Webhooks.SocketWebhookCreateRequest"];
        /** @description The answer to create: the secret of an `http` webhook is shown this once; a `socket` webhook has none. */
        "Webhooks.WebhookCreatedResponse": {
            id: string;
            transport: components["schemas"]["Webhooks.WebhookTransport"];
            /** @description null for a `socket` webhook. */
            url: string | null;
            /** @description Each one of `Events.EventType`. */
            events: string[];
            state: components["schemas"]["Webhooks.WebhookState"];
            /**
             * @description `whsec_` + 32 random bytes in base64url; absent for a `socket` webhook. Every delivery carries
             *     `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by this whole string>`
             *     (docs/webhooks.md#signature).
             */
            secret?: string;
            /** Format: date-time */
            created_at: string;
        };
        "Webhooks.WebhookResponse": {
            id: string;
            transport: components["schemas"]["Webhooks.WebhookTransport"];
            /** @description null for a `socket` webhook. */
            url: string | null;
            /** @description Each one of `Events.EventType`. */
            events: string[];
            state: components["schemas"]["Webhooks.WebhookState"];
            suspended_until: string | null;
            /**
             * Format: int32
             * @description Failures in a row; five suspend the webhook for 24 hours.
             */
            consecutive_failures: number;
            /** Format: int32 */
            failure_count: number;
            /**
             * @description A `socket` webhook: how many gateway connections its bot has open now (on any server process; a connection
             *     of a process that died without closing it is counted for up to 30 s more). null for an `http` webhook.
             */
            gateway_connections: number | null;
            /** Format: date-time */
            created_at: string;
        };
        "Webhooks.WebhookSecretResponse": {
            secret: string;
        };
        /** @enum {string} */
        "Webhooks.WebhookState": "active" | "suspended";
        /**
         * @description How a webhook's deliveries travel: POSTed to its URL, or over a gateway connection the bot opens (`GET /api/bot/gateway`).
         * @enum {string}
         */
        "Webhooks.WebhookTransport": "http" | "socket";
        "Webhooks.WebhookUpdateRequest": {
            /** @description The webhook's own transport, if given: a transport cannot change (400). */
            transport?: components["schemas"]["Webhooks.WebhookTransport"];
            /** @description Only for an `http` webhook. */
            url?: string;
            events?: string[];
        };
    };
    responses: never;
    parameters: {
        ChannelIdPath: string;
        /** @description The oldest id of the previous page: only rows older than it. */
        "Paging.before": string;
        "Paging.limit": number;
        SpacePath: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    Account_changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Auth.PasswordChangeRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 503 `server busy; retry shortly`: no password-hashing slot for this client address or the process; nothing was done. */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    PublicAccount_checkEmail: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Auth.CheckAvailabilityResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicAccount_checkUsername: {
        parameters: {
            query: {
                username: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Auth.CheckAvailabilityResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Account_listDevices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Auth.UserDeviceResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Account_logoutOtherDevices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Account_trustDevice: {
        parameters: {
            query: {
                trusted: boolean;
            };
            header?: never;
            path: {
                device_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicAccount_forgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Auth.ForgotPasswordRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicAccount_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Auth.LoginRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Auth.TokenResponse"] | components["schemas"]["Auth.TwoFactorRequiredResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 503 `server busy; retry shortly`: no password-hashing slot for this client address or the process; nothing was done. */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    PublicAccount_login2fa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Auth.TwoFactorLoginRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Auth.TokenResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Account_logout: {
        parameters: {
            query?: {
                refresh_token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Account_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.UserResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Account_setPushToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Auth.PushTokenRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Account_deletePushToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicAccount_refresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Auth.RefreshRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Auth.TokenResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicAccount_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Auth.RegisterRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Auth.TokenResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 503 `server busy; retry shortly`: no password-hashing slot for this client address or the process; nothing was done. */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    PublicAccount_resendVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Auth.ResendVerificationRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicAccount_resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Auth.ResetPasswordRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 503 `server busy; retry shortly`: no password-hashing slot for this client address or the process; nothing was done. */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Account_sendTestEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Account_toggle2fa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Auth.Toggle2FARequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Auth.Toggle2FAResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 503 `server busy; retry shortly`: no password-hashing slot for this client address or the process; nothing was done. */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    PublicAccount_verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Auth.VerifyEmailRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Commands_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot.CommandResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Commands_put: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Bot.PutCommandsRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot.CommandResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Commands_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Commands_setEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Bot.CommandEnableRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot.CommandResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Respond_respond: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Interactions.RespondRequest"];
            };
        };
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BotMessages_list: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Paging.limit"];
                /** @description The oldest id of the previous page: only rows older than it. */
                before?: components["parameters"]["Paging.before"];
            };
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chat.MessageResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BotMessages_send: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Bot.SendMessageRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chat.MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BotMessageActions_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BotMessageActions_react: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                message_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Bot.ReactionRequest"];
            };
        };
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BotVoice_join: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Voice.VoiceJoinResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Accounts_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bots.BotResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Accounts_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Bots.CreateBotRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bots.CreateBotResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Accounts_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bots.BotResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Accounts_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Accounts_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Bots.UpdateBotRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bots.BotResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Accounts_auditLog: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Paging.limit"];
                /** @description The oldest id of the previous page: only rows older than it. */
                before?: components["parameters"]["Paging.before"];
            };
            header?: never;
            path: {
                bot_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.AuditLogEntry"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Accounts_suspend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bots.BotResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Accounts_rotateToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bots.BotTokenResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Accounts_unsuspend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bots.BotResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhooks.WebhookResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Webhooks.WebhookCreateRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhooks.WebhookCreatedResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Webhooks.WebhookUpdateRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhooks.WebhookResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_deliveries: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Paging.limit"];
                /** @description The oldest id of the previous page: only rows older than it. */
                before?: components["parameters"]["Paging.before"];
            };
            header?: never;
            path: {
                bot_id: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhooks.DeliveryResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
                webhook_id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has been accepted for processing, but processing has not yet completed. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhooks.DeliveryAccepted"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_ping: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has been accepted for processing, but processing has not yet completed. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhooks.DeliveryAccepted"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Webhooks_rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bot_id: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhooks.WebhookSecretResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Commands_catalog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Interactions.CommandCatalog"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Commands_invoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Interactions.InvokeRequest"];
            };
        };
        responses: {
            /** @description The request has been accepted for processing, but processing has not yet completed. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Interactions.InvokeResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Messages_list: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Paging.limit"];
                /** @description The oldest id of the previous page: only rows older than it. */
                before?: components["parameters"]["Paging.before"];
            };
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chat.MessageResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Messages_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Chat.CreateMessageRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chat.MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Messages_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                channel_id: components["parameters"]["ChannelIdPath"];
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ChannelGroups_commits: {
        parameters: {
            query?: {
                since?: number;
                limit?: number;
            };
            header?: never;
            path: {
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["E2E.CommitList"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ChannelGroups_commit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["E2E.CommitRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["E2E.CommitAccepted"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["E2E.StaleEpochBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ChannelGroups_group: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["E2E.GroupStateResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    KeyPackages_upload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["E2E.UploadKeyPackagesRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["E2E.KeyPackageCount"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    KeyPackages_claim: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["E2E.ClaimKeyPackagesRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["E2E.ClaimKeyPackagesResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    KeyPackages_count: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["E2E.KeyPackageCount"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Welcomes_claim: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["E2E.StoredWelcome"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpaceResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Spaces.CreateSpaceRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpaceResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_discover: {
        parameters: {
            query?: {
                /** @description `created` is newest first. */
                sort_by?: components["schemas"]["Spaces.DiscoverSort"];
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.DiscoverSpaceResult"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_joinByInviteAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invite_code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpaceResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_joinByInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invite_code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpaceResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_my: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpaceResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicSpaces_preview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invite_code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpacePreviewResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_approveRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.JoinRequestResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_rejectRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_search: {
        parameters: {
            query: {
                q: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpaceSearchResult"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpaceResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Spaces.UpdateSpaceRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpaceResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SpaceAudit_list: {
        parameters: {
            query?: {
                limit?: components["parameters"]["Paging.limit"];
                /** @description The oldest id of the previous page: only rows older than it. */
                before?: components["parameters"]["Paging.before"];
            };
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.AuditLogEntry"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Installs_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bots.BotMembershipResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Installs_install: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Bots.InstallBotRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bots.BotMembershipResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Installs_uninstall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                bot_user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Installs_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                bot_user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Bots.UpdateBotMembershipRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bots.BotMembershipResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Channels_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.ChannelResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Channels_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Spaces.CreateChannelRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.ChannelResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Channels_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Channels_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Spaces.UpdateChannelRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.ChannelResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_join: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpaceResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_leave: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Members_list: {
        parameters: {
            query?: {
                limit?: number;
                before?: string;
            };
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpaceMemberResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Members_kick: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                member_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Members_updateDisplayRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                member_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Spaces.UpdateMemberDisplayRoleRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Members_mute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                member_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Spaces.MuteMemberRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Members_updateNickname: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                member_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Spaces.UpdateMemberNicknameRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Members_updateRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                member_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Spaces.UpdateMemberRoleRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Members_unmute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                member_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicSpaces_publicInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.SpacePublicInfoResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_requestToJoin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Spaces.JoinRequestCreateRequest"] | null;
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.JoinRequestResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Spaces_listRequests: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Spaces.JoinRequestResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MemberVoice_join: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                space_id: components["parameters"]["SpacePath"];
                channel_id: components["parameters"]["ChannelIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Voice.VoiceJoinResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_addFriend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.UserResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_updateMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Users.UserUpdateRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.UserResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"] | components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request conflicts with the current state of the server. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description 503 `server busy; retry shortly`: no password-hashing slot for this client address or the process; nothing was done. */
            503: {
                headers: {
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    Users_activity: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_setDefaultAvatar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Users.DefaultAvatarUpdateRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_friends: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.UserResponse"][];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_friendRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.FriendRequests"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_removeFriend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_goOffline: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.PresenceResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_goOnline: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.PresenceResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_myPresence: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.UserPresenceResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_setPresence: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Users.PresenceUpdateRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.PresenceResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_settings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.UserSettingsSchema"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_updateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Users.UserSettingsUpdate"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.UserSettingsSchema"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    Users_setPresenceAlias: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Users.PresenceUpdateRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.PresenceResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicUsers_registerAnonymous: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.AnonymousRegisterResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicUsers_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Users.UserResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicProbes_healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service.HealthStatus"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicProbes_metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicProbes_readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service.HealthStatus"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the server reads (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is in a media type or a `Content-Encoding` the server does not read. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Client error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorBody"];
                };
            };
            /** @description The request's headers are larger than the server reads (answered by the HTTP layer, with no body). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service.NotReadyBody"];
                };
            };
        };
    };
}
