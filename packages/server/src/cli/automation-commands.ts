import {
  automationOwner,
  findUserByEmail,
  listAutomations,
  operatorActor,
  setAutomationRunning,
} from '@svc/core';
import { type CliCommand, printJson } from './cli-command.js';
import { orFail, required, withServices } from './command-support.js';

/** `svc automations list`. */
export const automationsList: CliCommand = {
  name: 'automations list',
  summary: "List a user's Instagram comment automations",
  help: `Usage: svc automations list --email EMAIL

Lists the user's Instagram comment automations (docs/automations.md), newest first, each with its
state (draft, live or paused), watched post, template and counts: comments matched, private and
public replies sent, comments skipped and why, and replies Meta refused. needsReconnect says the
account must be reconnected (missingPermissions names what the grant lacks) before anything is
sent. Prints {"automations", "count"}.

Options:
  --email EMAIL   the user whose automations to list`,
  options: { email: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const email = required(values, 'email');
    const automations = await withServices(io, async ({ core }) => {
      const user = await orFail(findUserByEmail(core, email));
      return orFail(listAutomations(core, operatorActor(user)));
    });
    printJson(io, { automations, count: automations.length });
    return 0;
  },
};

const running = (on: boolean): CliCommand => ({
  name: on ? 'automations resume' : 'automations pause',
  summary: on ? 'Resume a paused automation' : 'Pause a live automation',
  help: on
    ? `Usage: svc automations resume AUTOMATION_ID

Makes a paused automation live again: comments on its post are answered from now on (comments
that arrived while it was paused are not). The account is checked first: it must have the comment
and message permissions, and Meta is asked to send its comment webhooks. Prints the automation.`
    : `Usage: svc automations pause AUTOMATION_ID

Pauses a live automation: it keeps its post, template and counts, and sends nothing until
resumed. Replies already under way finish. Prints the automation.`,
  options: {},
  positionals: { min: 1, max: 1 },
  async run({ positionals }, io) {
    const id = positionals[0] ?? '';
    const automation = await withServices(io, async ({ core }) => {
      const owner = await orFail(automationOwner(core, id));
      return orFail(setAutomationRunning(core, operatorActor(owner), id, on));
    });
    printJson(io, automation);
    return 0;
  },
});

/** `svc automations pause`. */
export const automationsPause = running(false);
/** `svc automations resume`. */
export const automationsResume = running(true);
