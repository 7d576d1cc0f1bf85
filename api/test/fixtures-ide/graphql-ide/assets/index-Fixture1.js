document.getElementById('graphiql').textContent = 'GraphiQL (test fixture)';
