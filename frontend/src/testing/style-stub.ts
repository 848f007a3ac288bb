/** Stylesheets are not evaluated in Jest. */
export default {};
