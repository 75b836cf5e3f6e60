/** The child named `page` that `/common` redirects to (spec section 2). */
export function CommonPage() {
  return (
    <main style={{ padding: 48 }}>
      <h1>通用页面</h1>
    </main>
  );
}
