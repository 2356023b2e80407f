import '@mantine/core/styles.css';
import { setNonce } from 'get-nonce';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// The gateway writes a nonce per page load into this meta tag; the component library's <style>
// elements carry it (the Content-Security-Policy allows no other inline style): Mantine's through
// its provider, and the scroll lock of its dialogs (react-remove-scroll) through get-nonce.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
setNonce(nonce);
const root = document.getElementById('root');
if (root) createRoot(root).render(<App nonce={nonce} />);
