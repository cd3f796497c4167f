// The reliability tests run the built server: build what is missing or out of date first.
// @ts-expect-error: the build script is plain JavaScript without types.
import { build } from '../../scripts/build.mjs';

export default async function setup(): Promise<void> {
  await build({ parts: ['server', 'web'] });
}
