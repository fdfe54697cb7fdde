/** A meeting's document as a printable page; its PDF, `….pdf`, is served by the app before the pages. */
export default '/meetings/@id/@kind';
