// Scaffold: the drafts schemas of the documents feature (request, response, messages).
export {};
