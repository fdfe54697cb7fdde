import { useData } from 'vike-react/useData';
import { ArticleEditor } from '../../../islands/admin/ArticleEditor.tsx';
import { FaqEditor } from '../../../islands/admin/FaqEditor.tsx';
import { Island } from '../../../islands/Island.tsx';
import { Toaster } from '../../../islands/ui/Toast.tsx';
import { AdminNav } from '../AdminNav.tsx';
import { Notice } from '../parts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { faq, articles, open, plain, notice } = useData<Data>();
  return (
    <div className="page flex max-w-6xl flex-col gap-10">
      <div className="flex flex-col gap-6">
        <h1>Contenus</h1>
        <AdminNav current="/admin/content" />
        <p>La foire aux questions, par public, et les articles de la plateforme.</p>
        <Notice>{notice}</Notice>
      </div>
      <Island name="FaqEditor" component={FaqEditor} props={{ entries: faq, open: open.question, plain }} />
      <Island
        name="ArticleEditor"
        component={ArticleEditor}
        props={{ articles, open: open.article, plain }}
      />
      <Island name="Toaster" component={Toaster} props={{}} />
    </div>
  );
}
