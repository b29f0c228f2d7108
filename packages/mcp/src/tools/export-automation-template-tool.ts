import { exportAutomationTemplate } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

/** `svc_export_automation_template`: an Instagram auto reply as a version-1 template. */
export const exportAutomationTemplateTool = defineTool({
  name: 'svc_export_automation_template',
  title: 'Export automation template',
  description:
    'Returns one Instagram auto reply as a template (svcTemplate 1) that svc_import_automation_template reads back: its name, trigger, keywords, messages and matching rules, never a post id, profile id or account detail. A draft has nothing to export.',
  scope: 'automation:read',
  action: 'automation:read',
  annotations: READ_ONLY,
  input: z.strictObject({ automation_id: z.string().min(1).describe('The automation to export.') }),
  output: z.object({ template: z.record(z.string(), z.unknown()) }),
  async run({ deps, actor }, args) {
    return exportAutomationTemplate(deps.core, actor, args.automation_id).map((template) => ({
      structured: { template },
      summary: `Template "${String(template.name)}": ${JSON.stringify(template)}`,
    }));
  },
});
