'use client';

import { useEffect } from 'react';

/**
 * Scrolls to the element the URL's #fragment names once it is on the page. A page that streams
 * its content (a loading state first) gets it after the browser's own scroll to the fragment
 * has given up; render this beside the elements it may name.
 */
export function ScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, []);
  return null;
}
