print("liveblog")
