import type { PublishJob, PublishStep } from '../publish-step.js';

/** The publishing part of a platform's gateway (`PlatformGateway` in deps is all of it). */
export type PublishGateway = {
  /**
   * Takes the next step of publishing `job.post`, reading the handles of earlier steps from
   * `job.post.publishProgress`. A step whose outcome is unknown must be checked against the
   * platform before anything is sent again.
   */
  publishStep(job: PublishJob): Promise<PublishStep>;
};
