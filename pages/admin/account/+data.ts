import type { PageContextServer } from 'vike/types';
import { PASSWORD_BLOCK } from '../../../islands/accounts/profile/PasswordBlock.tsx';
import { ownAccount } from '../../../server/admin/index.ts';
import { plainBlocks } from '../../layout/block-post.ts';
import { passwordBlock } from '../../my-profile/profile-post.ts';
import { pageOf } from '../page-input.ts';

/**
 * The operator's own account: their login address and where they act. The password is changed by a plain
 * post first (issue 36), as on every profile (pages/layout/block-post.ts).
 */
export async function data(pageContext: PageContextServer) {
  const plain = await plainBlocks(pageContext, { [PASSWORD_BLOCK]: passwordBlock(pageContext) });
  const account = await pageOf(() => ownAccount(pageContext.viewer, pageContext.deps));
  return { ...account, plain };
}

export type Data = Awaited<ReturnType<typeof data>>;
